/** Fallback while a lazy page loads. */
import { Spin } from 'antd';

export default function PageLoading() {
  return (
    <div className="page-loading">
      <Spin />
    </div>
  );
}
