import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idsIn, messageOrigins, splitCatalog } from '../../scripts/englishParts';

const PO_TEXT = `msgid ""
msgstr ""

#: ui/widget/components/EvaluationDialog.tsx
#: ui/widget/components/FormFields.tsx
msgid "(optional)"
msgstr "(optional)"

#: ui/widget/components/Composer.tsx
#: ui/widget/components/PasteConfirm.tsx
msgid "Send"
msgstr "Send"

#: ui/widget/components/Dialogs.tsx:12
msgctxt "button"
msgid "Send"
msgstr "Send"
`;

describe('the English catalog split between the first screen and the on-demand parts (scripts/englishParts.ts)', () => {
  const origins = messageOrigins(PO_TEXT);
  const ids = [...origins.keys()];

  it('knows each message by the id Lingui compiles it to (its text and context), with the files it comes from', () => {
    // The evaluation's "Thank you!" is compiled to 1LLF3Z (as the build shows it): the ids are Lingui's.
    const real = messageOrigins(readFileSync(resolve(import.meta.dirname, '../../locales/en/messages.po'), 'utf8'));
    expect(real.get('1LLF3Z')).toEqual(['ui/widget/components/EvaluationDialog.tsx']);
    expect(ids).toHaveLength(3);
    expect(origins.get(ids[2] as string)).toEqual(['ui/widget/components/Dialogs.tsx']);
    expect(origins.get(ids[1] as string)).toEqual(['ui/widget/components/Composer.tsx', 'ui/widget/components/PasteConfirm.tsx']);
  });

  it('moves a message to the parts only when every file it comes from is a part’s; one of unknown origin stays', () => {
    const parts = new Set(['ui/widget/components/EvaluationDialog.tsx', 'ui/widget/components/FormFields.tsx', 'ui/widget/components/PasteConfirm.tsx']);
    const messages = Object.fromEntries([...ids, 'unknwn'].map((id) => [id, [id]]));
    const { first, rest } = splitCatalog(messages, origins, (file) => parts.has(file));
    // (optional): both origins are parts'; Send: the composer is the first screen's; Send (button): Dialogs is not a part here.
    expect(Object.keys(rest)).toEqual([ids[0]]);
    expect(Object.keys(first)).toEqual([ids[1], ids[2], 'unknwn']);
  });

  it('finds a moved id in code as the string literal it is compiled to, not inside other text', () => {
    const code = 'i18n._(`1LLF3Z`);x={id:"/+4LLV"};y="a1LLF3Zb";z=\'0p2lf/\'';
    expect(idsIn(code, ['1LLF3Z', '/+4LLV', '0p2lf/', 'AScHwa'])).toEqual(['1LLF3Z', '/+4LLV', '0p2lf/']);
    expect(idsIn('y="a1LLF3Zb"', ['1LLF3Z'])).toEqual([]);
  });
});
