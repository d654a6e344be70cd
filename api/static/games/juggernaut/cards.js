// Cards as the API writes them (J8): rank then suit, "Ah", "Td"; "JK" a joker; null a card
// this seat may not see.

import { t } from "./i18n.js";
import { h } from "../../ui/dom.js";

const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const RANKS = { T: "10" };

export function cardFace(card, { small = false, picked = false, dim = false, onclick = null, index = null } = {}) {
  const classes = ["card", small && "small", picked && "picked", dim && "dim", onclick && "pickable"];
  if (card === "JK") {
    classes.push("joker");
    return h(
      onclick ? "button" : "div",
      { class: classes.filter(Boolean).join(" "), dataset: { card, index }, "aria-label": "joker", "aria-pressed": onclick ? String(picked) : null, type: onclick ? "button" : null, onclick },
      h("span", { class: "rank" }, "JK"),
      h("span", { class: "suit", "aria-hidden": "true" }, "★"),
    );
  }
  const suit = card.slice(-1);
  const rank = card.slice(0, -1);
  classes.push(`suit-${suit}`);
  return h(
    onclick ? "button" : "div",
    { class: classes.filter(Boolean).join(" "), dataset: { card, index }, "aria-label": card, "aria-pressed": onclick ? String(picked) : null, type: onclick ? "button" : null, onclick },
    h("span", { class: "rank" }, RANKS[rank] ?? rank),
    h("span", { class: "suit", "aria-hidden": "true" }, SUITS[suit]),
  );
}

export function cardBack({ small = false } = {}) {
  return h("div", { class: `card back${small ? " small" : ""}`, role: "img", "aria-label": t("faceDown") });
}

export function cardRow(cards, options = {}) {
  return h(
    "div",
    { class: "cards" },
    cards.map((card) => (card ? cardFace(card, options) : cardBack(options))),
  );
}

// Face-down backs for a hand of `count` cards.
export function backs(count, options = {}) {
  return h("div", { class: "cards" }, Array.from({ length: count }, () => cardBack(options)));
}
