/**
 * How a stand-in field (LazyDatePicker, LazySelect) was first used: pointing at it only loads the
 * real component; focus (keyboard) and a tap also say whether it appears focused or open.
 */
import { useState } from 'react';

export type FirstUse = 'none' | 'hover' | 'focus' | 'open';

export function useFirstUse() {
  const [use, setUse] = useState<FirstUse>('none');
  const onUse = (next: FirstUse) => setUse((current) => (current === 'open' || current === 'focus' ? current : next));
  return [use, onUse] as const;
}
