/** A quiet spinner over the page while its first chunk loads, shown only if that takes 300 ms (global.css). */
export function PageSpinner() {
  return <div className="page-spinner" role="status" aria-label="加载中" />;
}
