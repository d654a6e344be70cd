// The player's own arrangement of their five cards: the order and which cards are turned.
// It is private until "place face down" sends it (R11), so it lives only in the browser,
// carried from the exchange into the orientation as the source's site does.

import { flipped } from "./cards.js";

// The layout for `hand` (identities from the server) in `round`: a saved layout of the same
// round keeps its order, kept cards first and newly drawn cards at the end.
export function syncLayout(layout, round, hand) {
  if (!layout || layout.round !== round) return { round, order: [...hand], turned: [] };
  const order = layout.order.filter((card) => hand.includes(card));
  order.push(...hand.filter((card) => !order.includes(card)));
  return { round, order, turned: layout.turned.filter((card) => order.includes(card)) };
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

export function turnCard(layout, card) {
  const turned = layout.turned.includes(card)
    ? layout.turned.filter((other) => other !== card)
    : [...layout.turned, card];
  return { ...layout, turned };
}

export function turnAll(layout) {
  return { ...layout, turned: layout.order.filter((card) => !layout.turned.includes(card)) };
}

// The up and down ranks of oriented cards.
export function sides(oriented) {
  return { up: oriented.map((card) => card[0]), down: oriented.map((card) => card[1]) };
}
