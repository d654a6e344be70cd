// One card as the player sees it: the up rank upright at the top (the far side from its
// owner) and the down rank upside down at the bottom, as on the physical card (R3).

import { identity, rankLabel } from "../cards.js";
import { t } from "../i18n.js";
import { h } from "../../../ui/dom.js";

// `oriented` is up rank first ("2T"); `small` draws the compact card of the table.
export function cardFace(oriented, { small = false, attrs = {} } = {}) {
  const [up, down] = oriented;
  return h(
    "div",
    {
      class: `card${small ? " small" : ""}`,
      dataset: { card: identity(oriented), up, down },
      ...attrs,
    },
    h("span", { class: "rank up" }, rankLabel(up)),
    h("span", { class: "rank down", "aria-hidden": "true" }, rankLabel(down)),
  );
}

// What a screen reader says for a card: both ranks, the up one first.
export function cardLabel(oriented) {
  return t("cardLabel", { up: rankLabel(oriented[0]), down: rankLabel(oriented[1]) });
}

// A card nobody at this seat may see yet (another seat's drawn card, R10).
function cardBack({ small = false } = {}) {
  return h("div", { class: `card back${small ? " small" : ""}`, "aria-label": t("faceDown") });
}

// Cards as the API gives them: identities, with null for a hidden card.
export function cardList(cards, options = {}) {
  return h(
    "div",
    { class: "cards" },
    cards.map((card) => (card ? cardFace(card, options) : cardBack(options))),
  );
}
