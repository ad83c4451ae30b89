/**
 * One entry of a list read like a bill (the points ledger, the orders): what it was and when on the
 * left, the amount and what followed on the right, one line each, the way payment apps list them.
 */
import type { ReactNode } from 'react';
import './BillRow.css';

export interface BillRowProps {
  title: ReactNode;
  /** Under the title: a remark or the goods, cut to one line. */
  detail?: ReactNode;
  /** The date and time, never broken across lines. */
  time: string;
  amount: ReactNode;
  tone?: 'plus' | 'minus' | 'plain';
  /** Under the amount: the balance after, a status. */
  after?: ReactNode;
  onClick?: () => void;
}

export default function BillRow({ title, detail, time, amount, tone = 'plain', after, onClick }: BillRowProps) {
  const body = (
    <>
      <span className="bill-row-main">
        <span className="bill-row-title">{title}</span>
        {detail && <span className="bill-row-detail">{detail}</span>}
        <span className="bill-row-time">{time}</span>
      </span>
      <span className="bill-row-side">
        <span className={`bill-row-amount bill-row-${tone}`}>{amount}</span>
        {after && <span className="bill-row-after">{after}</span>}
      </span>
    </>
  );
  return onClick ? (
    <button type="button" className="bill-row" onClick={onClick}>
      {body}
    </button>
  ) : (
    <div className="bill-row">{body}</div>
  );
}
