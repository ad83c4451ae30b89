/**
 * antd's active Skeleton (a title and paragraph lines) in plain markup (PlainSkeleton.css),
 * for screens that load no antd up front (the plan pages' drawers show it while a plan loads).
 */
import './PlainSkeleton.css';

export default function PlainSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="plain-skeleton" aria-busy="true">
      <span className="plain-skeleton-title" />
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} />
      ))}
    </div>
  );
}
