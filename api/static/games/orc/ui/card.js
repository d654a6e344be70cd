// One card: its number, large, in the number's colour; a back for a card face down or hidden.

import { t } from "../i18n.js";
import { h } from "../../../ui/dom.js";

export function cardFace(number, { small = false, selected = false, disabled = false, attrs = {} } = {}) {
  const classes = ["card", `n${number}`];
  if (small) classes.push("small");
  if (selected) classes.push("selected");
  if (disabled) classes.push("disabled");
  return h(
    "div",
    { class: classes.join(" "), dataset: { number }, "aria-label": t("cardLabel", { n: number }), role: "img", ...attrs },
    h("span", { class: "number" }, String(number)),
  );
}

export function cardBack({ small = false } = {}) {
  return h("div", { class: `card back${small ? " small" : ""}`, role: "img", "aria-label": t("faceDown") });
}

// Cards as the API gives them, null for a card this seat may not see.
export function cardRow(cards, options = {}) {
  return h("div", { class: "cards" }, cards.map((n) => (n === null ? cardBack(options) : cardFace(n, options))));
}
