// One card: its rank large, its symbol's glyph and letter (O3, O5); a joker wears a gold
// frame and a "J" badge (O24), a role card stands out (O25).

import { GLYPHS, isJoker, rankOf, symbolOf } from "../cards.js";
import { t } from "../i18n.js";
import { h } from "../../../ui/dom.js";

export function cardFace(card, { joker = null, role = false, selected = false, small = false, attrs = {} } = {}) {
  const symbol = symbolOf(card);
  const wild = isJoker(card, joker);
  const classes = ["card", `sym-${symbol}`];
  if (small) classes.push("small");
  if (wild) classes.push("joker");
  if (role) classes.push("role");
  if (selected) classes.push("selected");
  const label = t("cardLabel", { rank: rankOf(card), symbol }) + (wild ? `, ${t("jokerMark")}` : "");
  return h(
    "div",
    { class: classes.join(" "), dataset: { card }, "aria-label": label, role: "img", ...attrs },
    h("span", { class: "rank" }, rankOf(card)),
    h("span", { class: "symbol", "aria-hidden": "true" }, `${GLYPHS[symbol]}${symbol}`),
    wild && h("span", { class: "joker-badge", "aria-hidden": "true" }, t("jokerShort")),
  );
}

export function cardBack({ small = false } = {}) {
  return h("div", { class: `card back${small ? " small" : ""}`, role: "img", "aria-label": t("faceDown") });
}

// Cards as the API gives them, null for a card this seat may not see.
export function cardRow(cards, options = {}) {
  const roles = new Set(options.roles ?? []);
  return h(
    "div",
    { class: "cards" },
    cards.map((card) => (card ? cardFace(card, { ...options, role: roles.has(card) }) : cardBack(options))),
  );
}
