/** Fallback while a lazy page loads (plain CSS spinner: antd Spin would add to every first load). */
export default function PageLoading() {
  return (
    <div className="page-loading" aria-busy="true">
      <span className="page-spinner" />
    </div>
  );
}
