// The player's own row of five cards: tap, double-tap, drag to reorder (pointer events, so
// mouse, pen and touch behave alike) and the keyboard (focusable cards).
//
// A double-tap is recognised on the second tap, which therefore reports `doubleTap` instead of
// a second `tap`; a screen that toggles on tap undoes the first tap itself. This keeps a single
// tap instant instead of waiting to see whether a second one follows.

import { identity } from "../cards.js";
import { cardFace } from "./card.js";
import { h } from "../../../ui/dom.js";
import { holdRedraws } from "../../../ui/hold.js";

const DRAG_START_PX = 8;
const DOUBLE_TAP_MS = 350;

let lastTap = { card: null, time: 0 }; // survives re-renders, which replace the elements

// cards: oriented cards in display order; marked: identities to highlight; turning: the
// identity of the card just rotated, which plays its half turn.
// actions: { tap(i), doubleTap(i), move(from, to), rotate(i), press(i) } where press is
// Enter or Space (tap when absent); label: for screen readers.
export function handRow(cards, { marked = new Set(), turning = null, label = "", actions }) {
  const row = h("div", { class: "hand", role: "group", "aria-label": label });
  cards.forEach((oriented, index) => {
    const isMarked = marked.has(identity(oriented));
    const card = cardFace(oriented, {
      turning: turning === identity(oriented),
      // data-focus: the shell gives the focus back to this card after a redraw.
      attrs: {
        tabindex: "0",
        role: "button",
        "aria-pressed": String(isMarked),
        "data-focus": identity(oriented),
      },
    });
    if (isMarked) card.classList.add("marked");
    attachPointer(row, card, index, actions);
    card.addEventListener("keydown", (event) => onKey(event, row, index, actions));
    row.append(card);
  });
  return row;
}

function onKey(event, row, index, actions) {
  const last = row.children.length - 1;
  if (event.key === "Enter" || event.key === " ") {
    (actions.press || actions.tap)(index);
  } else if (event.key === "r" || event.key === "R") {
    actions.rotate(index);
  } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
    const to = Math.min(last, Math.max(0, index + (event.key === "ArrowLeft" ? -1 : 1)));
    if (event.shiftKey)
      actions.move(index, to); // the shell keeps focus on the moved card
    else row.children[to].focus();
  } else {
    return;
  }
  event.preventDefault();
}

function attachPointer(row, card, index, actions) {
  let drag = null;
  card.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    drag = {
      x: event.clientX,
      y: event.clientY,
      moved: false,
      target: index,
      rects: [...row.children].map((child) => child.getBoundingClientRect()),
    };
    card.setPointerCapture(event.pointerId);
  });
  card.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_START_PX) return;
    if (!drag.moved) {
      drag.moved = true;
      holdRedraws(true);
      card.classList.add("dragging");
    }
    card.style.transform = `translate(${dx}px, ${dy / 4}px)`;
    drag.target = dropIndex(drag.rects, index, dx);
    shiftOthers(row, drag.rects, index, drag.target);
  });
  const finish = (event, cancelled) => {
    if (!drag) return;
    const { moved, target } = drag;
    drag = null;
    holdRedraws(false);
    for (const child of row.children) child.style.transform = "";
    card.classList.remove("dragging");
    if (cancelled) return;
    if (moved) {
      if (target !== index) actions.move(index, target);
      return;
    }
    const now = event.timeStamp;
    const double = lastTap.card === card.dataset.card && now - lastTap.time < DOUBLE_TAP_MS;
    lastTap = double ? { card: null, time: 0 } : { card: card.dataset.card, time: now };
    if (double) actions.doubleTap(index);
    else actions.tap(index);
  };
  card.addEventListener("pointerup", (event) => finish(event, false));
  card.addEventListener("pointercancel", (event) => finish(event, true));
}

// Where the dragged card would land: the number of other cards whose centre it has passed.
function dropIndex(rects, index, dx) {
  const centre = rects[index].left + rects[index].width / 2 + dx;
  return rects.filter((rect, i) => i !== index && rect.left + rect.width / 2 < centre).length;
}

// Slide the other cards aside to show the gap the dragged card would fill.
function shiftOthers(row, rects, index, target) {
  const step = rects.length > 1 ? rects[1].left - rects[0].left : 0;
  [...row.children].forEach((child, i) => {
    if (i === index) return;
    let shift = 0;
    if (i < index && i >= target) shift = step;
    if (i > index && i <= target) shift = -step;
    child.style.transform = shift ? `translateX(${shift}px)` : "";
  });
}
