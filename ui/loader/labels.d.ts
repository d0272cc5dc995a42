/** The launcher's label by language code, from the translators' catalogs (scripts/loaderLabels.ts). */
declare module 'virtual:loader-labels' {
  const labels: Readonly<Record<string, string>>;
  export default labels;
  /** The codes of the languages written right to left. */
  export const rtl: readonly string[];
}
