// The player's own arrangement of their five cards: the order, which cards are turned and
// which are marked for discard. It is private until "exchange" or "place face down" sends it
// (R10-R11), so it lives only in the browser (a reload keeps it), carried from the exchange
// into the orientation as the source's site does.

import { flipped } from "./cards.js";

// The layout for `hand` (identities from the server) in `round`: a saved layout of the same
// round keeps its order, kept cards first and newly drawn cards at the end.
export function syncLayout(layout, round, hand) {
  if (!layout || layout.round !== round) return { round, order: [...hand], turned: [], marked: [] };
  const order = layout.order.filter((card) => hand.includes(card));
  order.push(...hand.filter((card) => !order.includes(card)));
  const kept = (cards) => (cards ?? []).filter((card) => order.includes(card));
  return { round, order, turned: kept(layout.turned), marked: kept(layout.marked) };
}

// Up rank first, as the API takes them: an unturned card shows its identity (high rank up).
export function orientedCards(layout) {
  return layout.order.map((card) => (layout.turned.includes(card) ? flipped(card) : card));
}

export function moveCard(layout, from, to) {
  const order = [...layout.order];
  const [card] = order.splice(from, 1);
  order.splice(to, 0, card);
  return { ...layout, order };
}

function toggled(cards, card) {
  return cards.includes(card) ? cards.filter((other) => other !== card) : [...cards, card];
}

export function turnCard(layout, card) {
  return { ...layout, turned: toggled(layout.turned, card) };
}

export function markCard(layout, card) {
  return { ...layout, marked: toggled(layout.marked, card) };
}

export function unmarkAll(layout) {
  return { ...layout, marked: [] };
}

export function turnAll(layout) {
  return { ...layout, turned: layout.order.filter((card) => !layout.turned.includes(card)) };
}

// The up and down ranks of oriented cards.
export function sides(oriented) {
  return { up: oriented.map((card) => card[0]), down: oriented.map((card) => card[1]) };
}
