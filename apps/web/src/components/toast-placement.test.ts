import { describe, expect, it } from 'vitest';
import { choosePlacement, type Box } from './toast-placement';

const TOAST_HEIGHT = 48;
const bottomLeft = { top: 728, left: 244, width: 320 };
const bottomRight = { top: 728, left: 936, width: 320 };
const topRight = { top: 24, left: 936, width: 320 };
const button = (left: number, top: number): Box => ({ left, top, width: 120, height: 36 });

describe('choosePlacement', () => {
  it('takes the first place when nothing is under it', () => {
    expect(choosePlacement([bottomLeft, bottomRight, topRight], TOAST_HEIGHT, [button(1100, 30)])).toEqual(bottomLeft);
  });

  it('moves on from a place that would cover a button, even by one pixel', () => {
    // "Assign next" at the foot of the board, its top 1 px inside the bottom-left toast's box.
    const assignNext = button(300, 775);
    expect(choosePlacement([bottomLeft, bottomRight, topRight], TOAST_HEIGHT, [assignNext])).toEqual(bottomRight);
    expect(choosePlacement([bottomLeft, bottomRight, topRight], TOAST_HEIGHT, [button(300, 776)])).toEqual(bottomLeft);
  });

  it('when every place covers something, takes the one covering least', () => {
    const obstacles = [button(300, 740), button(400, 740), button(1000, 740), button(1000, 30), button(1100, 30)];
    expect(choosePlacement([bottomLeft, bottomRight, topRight], TOAST_HEIGHT, obstacles)).toEqual(bottomRight);
  });

  it('has no place without candidates', () => {
    expect(choosePlacement([], TOAST_HEIGHT, [])).toBeUndefined();
  });
});
