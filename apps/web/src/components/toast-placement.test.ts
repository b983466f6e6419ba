import { afterEach, describe, expect, it } from 'vitest';
import { choosePlacement, toastPlaces, type Box } from './toast-placement';

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

describe('toastPlaces on a desk (decision 1079)', () => {
  // The web files share one document (isolate: false): the next file must not find this page.
  afterEach(() => {
    document.body.innerHTML = '';
  });
  const place = (el: Element, box: Box) => {
    el.getBoundingClientRect = () =>
      ({ ...box, x: box.left, y: box.top, right: box.left + box.width, bottom: box.top + box.height }) as DOMRect;
  };
  const page = (html: string, boxes: Record<string, Box>) => {
    document.body.innerHTML = html;
    for (const [id, box] of Object.entries(boxes)) place(document.getElementById(id)!, box);
  };
  const size = { width: 320, height: TOAST_HEIGHT };
  const vh = () => window.innerHeight;
  const vw = () => window.innerWidth;

  it('tries the bottom edge between the corners when every corner holds a control', () => {
    const bottom = vh() - 24 - TOAST_HEIGHT;
    page(
      '<main id="main"><button id="a">10:00 booking</button><button id="b">Row menu</button><button id="c">Front desk</button></main>',
      {
        main: { left: 220, top: 0, width: vw() - 220, height: vh() },
        a: { left: 250, top: bottom, width: 120, height: 60 },
        b: { left: vw() - 100, top: bottom, width: 40, height: 40 },
        c: { left: vw() - 250, top: 20, width: 220, height: 40 },
      },
    );
    const { candidates, obstacles } = toastPlaces(size, null);
    const chosen = choosePlacement(candidates, TOAST_HEIGHT, obstacles)!;
    expect(chosen.top).toBe(bottom);
    // Clear of the booking on the left and of the row menu on the right.
    expect(chosen.left).toBeGreaterThanOrEqual(370);
    expect(chosen.left + chosen.width).toBeLessThanOrEqual(vw() - 100);
  });

  it('counts only the part of a control that its scrolled board shows', () => {
    const bottom = vh() - 24 - TOAST_HEIGHT;
    page('<main id="main"><div id="board" style="overflow: auto"><button id="a">15:00 booking</button></div></main>', {
      main: { left: 220, top: 0, width: vw() - 220, height: vh() },
      // The board ends at x 240; the booking runs on under where the toast goes, scrolled out of sight.
      board: { left: 0, top: 0, width: 240, height: vh() },
      a: { left: 200, top: bottom, width: 400, height: 60 },
    });
    const { obstacles } = toastPlaces(size, null);
    expect(obstacles).toEqual([{ left: 200, top: bottom, width: 40, height: 60 }]);
  });
});
