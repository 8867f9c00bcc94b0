import { type RefObject, useEffect, useRef } from 'react';
import { priceText } from './chartSeries';
import type { DrawnLine, PriceChart } from './priceChart';

/** How near (px) a pointer must come to an SL or TP line to take it: a finger needs more room than a mouse. */
const REACH = { mouse: 6, touch: 14 } as const;

/**
 * Lets the trader drag an SL or TP line up or down with a mouse, pen or finger. While a line is held the
 * chart neither pans nor zooms and the page does not scroll; on release `onDrop` gets the price pointed at
 * (a release where it started, or a cancelled gesture, puts the line back).
 */
export function useLineDrag(
  element: RefObject<HTMLElement | null>,
  chart: PriceChart | null,
  precision: number,
  onDrop: (line: DrawnLine, price: string) => void,
): void {
  const latest = useRef({ precision, onDrop });
  latest.current = { precision, onDrop };

  useEffect(() => {
    const el = element.current;
    if (!el || !chart) return;
    let drag: { line: DrawnLine; pointerId: number; price: string } | null = null;
    const yOf = (e: PointerEvent) => e.clientY - el.getBoundingClientRect().top;
    const reach = (e: PointerEvent) => (e.pointerType === 'mouse' ? REACH.mouse : REACH.touch);

    const down = (e: PointerEvent) => {
      if (drag || (e.pointerType === 'mouse' && e.button !== 0)) return;
      const line = chart.movableLineAt(yOf(e), reach(e));
      if (!line) return;
      // Kept from the chart underneath (no pan) and from the mouse events a pointer would also send.
      e.preventDefault();
      e.stopPropagation();
      drag = { line, pointerId: e.pointerId, price: line.price };
      el.setPointerCapture(e.pointerId);
      chart.setDragging(true);
    };
    const move = (e: PointerEvent) => {
      if (!drag) {
        if (e.pointerType === 'mouse')
          el.classList.toggle('candle-chart--over-line', !!chart.movableLineAt(yOf(e), REACH.mouse));
        return;
      }
      if (e.pointerId !== drag.pointerId) return;
      e.preventDefault();
      e.stopPropagation();
      const value = chart.priceAt(yOf(e));
      if (value === null || value <= 0) return;
      drag.price = priceText(value, latest.current.precision);
      chart.showLineAt(drag.line, drag.price);
    };
    const end = (e: PointerEvent) => {
      if (!drag || e.pointerId !== drag.pointerId) return;
      const { line, price } = drag;
      drag = null;
      chart.setDragging(false);
      if (e.type === 'pointercancel' || price === line.price) chart.showLineAt(line, line.price);
      else latest.current.onDrop(line, price);
    };
    const leave = () => el.classList.remove('candle-chart--over-line');
    const holdTouch = (e: TouchEvent) => {
      if (!drag) return;
      e.preventDefault();
      e.stopPropagation();
    };

    const capture = { capture: true };
    const active = { capture: true, passive: false };
    el.addEventListener('pointerdown', down, capture);
    el.addEventListener('pointermove', move, capture);
    el.addEventListener('pointerup', end, capture);
    el.addEventListener('pointercancel', end, capture);
    el.addEventListener('pointerleave', leave);
    el.addEventListener('touchstart', holdTouch, active);
    el.addEventListener('touchmove', holdTouch, active);
    return () => {
      el.removeEventListener('pointerdown', down, capture);
      el.removeEventListener('pointermove', move, capture);
      el.removeEventListener('pointerup', end, capture);
      el.removeEventListener('pointercancel', end, capture);
      el.removeEventListener('pointerleave', leave);
      el.removeEventListener('touchstart', holdTouch, active);
      el.removeEventListener('touchmove', holdTouch, active);
      if (drag) chart.setDragging(false);
    };
  }, [element, chart]);
}
