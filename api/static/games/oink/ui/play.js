// The player's side: their hand (jokers marked, role cards raised, cards tapped for a
// change), what the hand is worth now, and the moves of the step the match waits for
// (O16-O22), each with what it risks.

import { handName, t } from "../i18n.js";
import { h } from "../../../ui/dom.js";
import { cardFace } from "./card.js";
import { pileOf, scoreLine, seatName } from "./table.js";

const FIVE_CARD = new Set(["royal_straight", "straight_flush", "five_of_a_kind", "flush", "straight", "full_house"]);

// What the evaluation of O28 means in points (O30-O33).
function worth(evaluation) {
  if (evaluation.category === "no_pair") return t("noPairNote");
  const own = evaluation.role_cards.length;
  const gives = FIVE_CARD.has(evaluation.category) ? 0 : 5 - own;
  return `${t("ifWin", { n: own })} · ${t("ifLose", { n: gives })}`;
}

function evaluationLine(evaluation) {
  if (!evaluation) return null;
  return h(
    "div",
    { class: "evaluation", id: "evaluation", dataset: { category: evaluation.category } },
    h("strong", {}, handName(evaluation.category)),
    h("span", { class: "worth" }, worth(evaluation)),
  );
}

function handRow(view, me, context) {
  const seat = view.seats[me];
  const roles = new Set(seat.evaluation?.role_cards ?? []);
  const choosing = context.canChange;
  return h(
    "div",
    { class: "cards mine", id: "hand" },
    seat.hand.map((card) =>
      cardFace(card, {
        joker: view.joker,
        role: roles.has(card),
        selected: context.selected.has(card),
        attrs: choosing
          ? { tabindex: "0", role: "button", "aria-pressed": String(context.selected.has(card)), onclick: () => context.act.toggle(card), onkeydown: (event) => (event.key === "Enter" || event.key === " ") && context.act.toggle(card) }
          : {},
      }),
    ),
  );
}

function choice(id, label, hint, onclick, { primary = false, disabled = false } = {}) {
  return h(
    "div",
    { class: "choice" },
    h("button", { id, class: primary ? "primary" : "", onclick, disabled }, label),
    h("p", { class: "hint" }, hint),
  );
}

function moves(view, me, context) {
  const { act, busy, selected } = context;
  const count = selected.size;
  const fits = count >= 1 && count <= view.deck_count;
  if (view.to_act !== me) {
    return h("p", { class: "prompt", id: "prompt" }, t("waiting", { name: seatName(view.seats[view.to_act] ?? view.seats[1 - me], me) }));
  }
  if (view.phase === "action") {
    return [
      h("p", { class: "prompt", id: "prompt" }, t("yourAction")),
      choice("change", t("change", { n: count }), t("changeHint", { n: Math.min(5, view.deck_count) }), act.change, { primary: true, disabled: busy || !fits }),
      choice("roll", t("roll"), t("rollHint"), act.roll, { disabled: busy }),
    ];
  }
  if (view.phase === "call") {
    return [
      h("p", { class: "prompt", id: "prompt" }, t("yourCall")),
      choice("knock", t("knock"), t("knockHint"), act.knock, { primary: true, disabled: busy }),
      choice("pass", t("pass"), t("passHint"), act.pass, { disabled: busy }),
    ];
  }
  return [
    h("p", { class: "prompt", id: "prompt" }, t("yourAnswer")),
    choice("oink", t("oink"), t("oinkHint"), act.oink, { disabled: busy }),
    h(
      "div",
      { class: "choice accept" },
      h("div", { class: "buttons" },
        h("button", { id: "accept", class: "primary", onclick: () => act.accept("none"), disabled: busy }, t("accept")),
        h("button", { id: "accept-roll", onclick: () => act.accept("roll"), disabled: busy }, t("acceptRoll")),
        h("button", { id: "accept-change", onclick: () => act.accept("change"), disabled: busy || !fits }, t("acceptChange", { n: count })),
      ),
      h("p", { class: "hint" }, t("acceptHint")),
    ),
  ];
}

export function playerArea(view, me, context) {
  const seat = view.seats[me];
  return h(
    "section",
    { class: "seat me", id: "me" },
    scoreLine(view, seat, me),
    handRow(view, me, context),
    evaluationLine(seat.evaluation),
    h("div", { class: "pile", id: "my-pile" }, pileOf(seat)),
    h("div", { class: "moves", id: "moves" }, moves(view, me, context)),
  );
}
