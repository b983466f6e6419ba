import { describe, expect, it } from 'vitest';
import { dropSpot, type GridMeasures } from './drag-move';

// Two therapists' columns of 120 px right of a 64 px time column, rows of 22 px from 09:00 to 22:00.
const grid: GridMeasures = {
  left: 100,
  width: 64 + 240,
  timeColumn: 64,
  rowPx: 22,
  columns: 2,
  rangeStart: 9 * 60,
  rangeEnd: 22 * 60,
};
const at15 = { column: 1, start: 15 * 60 };

describe('where a dragged block lands', () => {
  it('takes the column under the pointer and whole 15-minute rows of vertical travel', () => {
    expect(dropSpot(grid, at15, 60, 100 + 64 + 10, 44)).toEqual({ column: 0, start: 15 * 60 + 30 });
    // Less than half a row is no move; a row and a half up is two rows earlier.
    expect(dropSpot(grid, at15, 60, 100 + 64 + 130, 10)).toEqual(at15);
    expect(dropSpot(grid, at15, 60, 100 + 64 + 130, -34)).toEqual({ column: 1, start: 15 * 60 - 30 });
  });

  it('stays inside the rows and columns shown', () => {
    expect(dropSpot(grid, at15, 60, 0, -10_000)).toEqual({ column: 0, start: 9 * 60 });
    expect(dropSpot(grid, at15, 60, 5_000, 10_000)).toEqual({ column: 1, start: 21 * 60 });
  });
});
