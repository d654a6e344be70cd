// Cards as the API writes them (H2): rank then suit, "Ah", "Td"; null for a card this seat
// may not see.

import { t } from "./i18n.js";
import { h } from "../../ui/dom.js";

const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const RANKS = { T: "10" };

export function cardFace(card, { small = false, best = false } = {}) {
  const suit = card.slice(-1);
  const rank = card.slice(0, -1);
  const classes = ["card", `suit-${suit}`, small && "small", best && "best"].filter(Boolean);
  return h(
    "div",
    { class: classes.join(" "), dataset: { card }, role: "img", "aria-label": card },
    h("span", { class: "rank" }, RANKS[rank] ?? rank),
    h("span", { class: "suit", "aria-hidden": "true" }, SUITS[suit]),
  );
}

export function cardBack({ small = false } = {}) {
  return h("div", { class: `card back${small ? " small" : ""}`, role: "img", "aria-label": t("faceDown") });
}

export function cardRow(cards, options = {}) {
  const best = new Set(options.best ?? []);
  return h(
    "div",
    { class: "cards" },
    cards.map((card) => (card ? cardFace(card, { ...options, best: best.has(card) }) : cardBack(options))),
  );
}
