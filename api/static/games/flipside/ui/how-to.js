// "How to play" on the top page: the round in order (R9-R13), the hands from the strongest
// with an example of each (R15-R16: five of a kind on top, no flushes, the ace-low straight)
// and how equal hands are told apart (R15, by turn order).

import { evaluate, rankLabel } from "../cards.js";
import { handName, words } from "../i18n.js";
import { h } from "../../../ui/dom.js";

// One example per category, strongest first; the straight twice, for the ace at each end.
const EXAMPLES = ["77777", "KKKK3", "QQQ44", "TJQKA", "A2345", "888K2", "JJ559", "TTA63", "AJ842"];

function handsTable() {
  const names = words.texts("categories");
  return h(
    "table",
    { class: "hands-table", id: "hands-table" },
    h("caption", {}, words.texts("guide").handsTitle),
    h(
      "tbody",
      {},
      EXAMPLES.map((ranks) => {
        const hand = evaluate(ranks);
        return h(
          "tr",
          { dataset: { category: hand.category, ranks } },
          h("th", { scope: "row" }, names[hand.category]),
          h("td", { class: "example" }, [...ranks].map(rankLabel).join(" ")),
          h("td", {}, handName(hand)),
        );
      }),
    ),
  );
}

export function howToPlay() {
  const guide = words.texts("guide");
  return h(
    "div",
    { class: "flipside-guide" },
    h("ul", {}, words.texts("rules").map((line) => h("li", {}, line))),
    h("h3", {}, guide.flowTitle),
    h("ol", { class: "round-flow" }, guide.flow.map((step) => h("li", {}, step))),
    handsTable(),
    h("p", { class: "hands-note" }, guide.handsNote),
    h("h3", {}, guide.tieTitle),
    h("p", { class: "tie-rule", id: "tie-rule" }, guide.tie),
  );
}
