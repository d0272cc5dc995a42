import type { Messages } from '@lingui/core';

/**
 * The English messages that only on-demand parts show, loaded with the first part (ui/i18n/i18n.ts
 * loadEnglishRest): the build moves them here out of the entry's catalog (scripts/englishParts.ts).
 * Outside a build the entry's catalog is whole and this is empty.
 */
export const messages: Messages = {};
