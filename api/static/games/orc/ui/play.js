// The player's side: their row and hand, and what the match waits for from them: a card to
// lay face down (K10, K12, K17), or a draw or a give-up (K18-K21) with what each risks shown
// before choosing: the numbers that would bust them, the chance of it, the give-up cost.

import { bustChance, tiebreakNumbers } from "../cards.js";
import { t } from "../i18n.js";
import { h } from "../../../ui/dom.js";
import { cardFace } from "./card.js";
import { badges, rowOf, seatName } from "./table.js";

const PROMPTS = { opening: "pickOpening", tiebreak: "pickTiebreak", contribute: "pickContribution" };

// The numbers this seat may lay now (K36).
export function layable(view, me) {
  const seat = view.seats[me];
  const hand = seat.hand.filter((n) => n !== null);
  return view.phase === "tiebreak" ? tiebreakNumbers(hand, seat.row) : [...new Set(hand)];
}

function handRow(view, me, context) {
  const seat = view.seats[me];
  const choosing = context.sealing;
  const allowed = new Set(choosing ? layable(view, me) : []);
  return h(
    "div",
    { class: "cards mine", id: "hand" },
    seat.hand.map((n) => {
      if (!choosing) return cardFace(n);
      const pick = () => allowed.has(n) && context.act.pick(n);
      return cardFace(n, {
        selected: context.picked === n,
        disabled: !allowed.has(n),
        attrs: {
          tabindex: allowed.has(n) ? "0" : "-1",
          role: "button",
          "aria-pressed": String(context.picked === n),
          "aria-disabled": String(!allowed.has(n)),
          onclick: pick,
          onkeydown: (event) => (event.key === "Enter" || event.key === " ") && pick(),
        },
      });
    }),
  );
}

function sealedMoves(view, me, context) {
  const seat = view.seats[me];
  if (seat.chosen) {
    return h("p", { class: "prompt", id: "prompt" }, t("youLaid", { n: seat.sealed }));
  }
  const stackOnly = view.phase === "tiebreak" && layable(view, me).every((n) => seat.row.includes(n));
  const picked = context.picked;
  return [
    h("p", { class: "prompt", id: "prompt" }, t(PROMPTS[view.phase]), stackOnly && h("span", { class: "hint" }, ` ${t("pickTiebreakStack")}`)),
    h("button", { id: "lay", class: "primary", onclick: context.act.lay, disabled: context.busy || picked === null }, picked === null ? t("layHint") : t("lay", { n: picked })),
  ];
}

function turnMoves(view, me, context) {
  const seat = view.seats[me];
  const bust = [...new Set(seat.row)].sort((a, b) => a - b);
  const chance = Math.round(bustChance(view, me) * 100);
  const cost = view.give_up_cost;
  return [
    h("p", { class: "prompt", id: "prompt" }, t("yourTurn")),
    h(
      "div",
      { class: "choice" },
      h("button", { id: "draw", class: "primary", onclick: context.act.draw, disabled: context.busy }, t("draw")),
      h("p", { class: "hint risk", id: "risk", dataset: { chance } }, chance > 0 ? t("drawRisk", { numbers: bust.join(" "), p: chance }) : t("drawSafe")),
    ),
    h(
      "div",
      { class: "choice" },
      h("button", { id: "give-up", onclick: context.act.giveUp, disabled: context.busy, dataset: { cost } }, t("giveUp", { n: cost })),
      h("p", { class: "hint" }, t("giveUpHint", { n: cost })),
    ),
  ];
}

function waiting(view, me) {
  if (!view.seats[me].in_round) return h("p", { class: "prompt", id: "prompt" }, t("out"));
  if (view.to_move !== null) return h("p", { class: "prompt", id: "prompt" }, t("waiting", { name: seatName(view.seats[view.to_move], me) }));
  const names = view.awaiting.filter((seat) => seat !== me).map((seat) => seatName(view.seats[seat], me));
  return names.length ? h("p", { class: "prompt", id: "waiting" }, t("waitingFor", { names: names.join(", ") })) : null;
}

function moves(view, me, context) {
  if (context.sealing) return [sealedMoves(view, me, context), waiting(view, me)];
  if (view.to_move === me) return turnMoves(view, me, context);
  return waiting(view, me);
}

export function playerArea(view, me, context) {
  const seat = view.seats[me];
  return h(
    "section",
    { class: `seat me${view.to_move === me ? " acting" : ""}`, id: "me" },
    h(
      "header",
      { class: "seat-line" },
      h("span", { class: "name" }, t("you")),
      badges(view, seat),
      h("span", { class: "chips", id: "my-chips", dataset: { chips: seat.chips } }, t("chips", { n: seat.chips })),
    ),
    seat.row.length > 0 && [h("h3", {}, t("yourRow")), h("div", { id: "my-row" }, rowOf(seat))],
    h("h3", {}, t("yourHand")),
    handRow(view, me, context),
    h("div", { class: "moves", id: "moves" }, moves(view, me, context)),
  );
}
