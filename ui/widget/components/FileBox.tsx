import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { fileNameParts, formatFileSize } from '../format';
import './FileBox.css';

/**
 * A file's box — icon, name, size, download — for a file message and a file card (cards/): the name
 * is laid out left to right and isolated, on one line cut in its middle, so that its real extension
 * always shows at its end ("invoice-or…1042.pdf"); the whole name is its title. `url` has passed
 * `safeUrl` or the engine's `cardUrl`.
 */
export function FileBox(props: { name: string; downloadName?: string | undefined; size?: number | undefined; url: string | undefined; children?: ReactNode }) {
  const { i18n } = useLingui();
  const { name, downloadName, size, url, children } = props;
  const { start, end } = fileNameParts(name);
  return (
    <span className="content-file">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="content-file__icon">
        <path d="M6 2h8l6 6v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm7 1.5V9h5.5L13 3.5Z" />
      </svg>
      <span className="content-file__meta">
        <span className="content-file__name" dir="ltr" title={name}>
          {/* Shown in two parts, the end always whole; read as one name. */}
          <span className="content-file__start" aria-hidden="true">
            {start}
          </span>
          <span className="content-file__end" aria-hidden="true">
            {end}
          </span>
          <span className="visually-hidden">{name}</span>
        </span>
        {size !== undefined && <span className="content-file__size">{formatFileSize(size, i18n.locale)}</span>}
        {children}
      </span>
      {url && (
        <a className="content-file__download" href={url} download={downloadName ?? true} target="_blank" rel="noopener noreferrer">
          <Trans>Download</Trans>
        </a>
      )}
    </span>
  );
}
