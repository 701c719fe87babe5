/**
 * For component tests in jsdom, which lays nothing out: every element reports a size (400 px high, 900 px wide), so
 * a virtualized list has a scrolling box to draw its rows in. Call it in `beforeAll`.
 */
export function giveBoxesASize(): void {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 900 });
}
