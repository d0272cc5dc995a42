/** The × of every close and dismiss button (decorative: the button carries the name). */
export function CloseIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="line-icon">
      <path d="m6 6 12 12M18 6 6 18" />
    </svg>
  );
}
