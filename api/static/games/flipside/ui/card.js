// One card as the player sees it: the up rank upright at the top (the far side from its
// owner) and the down rank upside down at the bottom, as on the physical card (R3).

import { identity, rankLabel } from "../cards.js";
import { t } from "../i18n.js";
import { h } from "../../../ui/dom.js";

// A 6 and a 9 look alike upside down: real cards underline them, and so does every face here.
const AMBIGUOUS = new Set(["6", "9"]);

function rank(side, value) {
  const marked = AMBIGUOUS.has(value) ? " underlined" : "";
  return h("span", { class: `rank ${side}${marked}`, "aria-hidden": "true" }, rankLabel(value));
}

// `oriented` is up rank first ("2T"); `small` draws the compact card of the table; `turning`
// plays the half turn of a card the player has just rotated. Every face is labelled with both
// ranks, so a screen reader reads each card the same wherever it lies.
export function cardFace(oriented, { small = false, turning = false, attrs = {} } = {}) {
  const [up, down] = oriented;
  return h(
    "div",
    {
      class: `card${small ? " small" : ""}${turning ? " turning" : ""}`,
      role: "img",
      "aria-label": cardLabel(oriented),
      dataset: { card: identity(oriented), up, down },
      ...attrs,
    },
    rank("up", up),
    rank("down", down),
  );
}

// What a screen reader says for a card: both ranks, the up one first.
export function cardLabel(oriented) {
  return t("cardLabel", { up: rankLabel(oriented[0]), down: rankLabel(oriented[1]) });
}

// A card nobody at this seat may see yet (another seat's drawn card, R10).
function cardBack({ small = false } = {}) {
  return h("div", {
    class: `card back${small ? " small" : ""}`,
    role: "img",
    "aria-label": t("faceDown"),
  });
}

// Cards as the API gives them: identities, with null for a hidden card; `label` names the
// group for a screen reader.
export function cardList(cards, { label, ...options } = {}) {
  return h(
    "div",
    { class: "cards", role: "group", "aria-label": label },
    cards.map((card) => (card ? cardFace(card, options) : cardBack(options))),
  );
}
