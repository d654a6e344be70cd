// A set's results, step by step in the order of J30: the hands with the five that count and
// their strength, the ranking, demotion, confiscation, the gold exchange (the person's
// choice when it may), the rewards with their parts, and the next Juggernaut.

import { cardFace } from "../cards.js";
import { category, seatName, t } from "../i18n.js";
import { h } from "../../../ui/dom.js";

function step(title, ...children) {
  return h("section", { class: "step" }, h("h3", {}, title), children);
}

function fiveOf(hand, five) {
  // The cards of the five that counts (J31) stand out, copies counted; the rest are dimmed.
  const left = [...five];
  return hand.map((card) => {
    const at = left.indexOf(card);
    if (at >= 0) left.splice(at, 1);
    return cardFace(card, { small: true, dim: at < 0 });
  });
}

export function resultsPanel(view, me, { busy, act, next }) {
  const results = view.results;
  const name = (seat) => seatName(view.seats[seat], me);
  const order = results.hand_ranking.length ? results.hand_ranking : view.turn_order;
  const hands = order.map((seat) =>
    h(
      "div",
      { class: "shown", dataset: { seat } },
      h("p", {}, h("strong", {}, name(seat)), ` ${category(results.categories[seat])} (${t("strength", { n: results.strengths[seat] })})`, results.jokers[seat].length ? ` · ${t("jokerAs", { faces: results.jokers[seat].join(" ") })}` : ""),
      h("div", { class: "cards" }, fiveOf(results.hands[seat], results.fives[seat])),
    ),
  );
  const steps = [
    step(t("stepHands"), hands),
    results.hand_ranking.length && step(t("stepRanking"), h("ol", {}, results.hand_ranking.map((seat) => h("li", {}, `${name(seat)} · ${category(results.categories[seat])}`)))),
    results.final_ranking.length &&
      step(
        t("stepDemotion"),
        h("p", {}, results.demoted !== null ? t("demoted", { name: name(results.demoted) }) : results.set_no > 1 ? t("defended", { name: name(results.final_ranking[0]) }) : t("noDemotion")),
        h("p", { class: "muted" }, `${t("stepFinal")}: ${results.final_ranking.map((seat, i) => `${t("place", { n: i + 1 })} ${name(seat)}`).join(" · ")}`),
      ),
    results.confiscated && step(t("stepConfiscation"), h("p", {}, t("confiscated", { name: name(results.confiscated[0]), n: results.confiscated[1] }))),
    results.confiscated && step(t("stepGold"), goldStep(view, me, results, name, busy, act)),
    results.rewards.length &&
      step(
        t("stepRewards"),
        h("ul", {}, results.rewards.map((r) => h("li", { dataset: { seat: r.seat } }, t("reward", { name: name(r.seat), place: t("place", { n: r.place }), base: r.base, defeat: r.defeat_bonus, hand: r.hand_bonus, total: r.total, silver: r.silver })))),
      ),
    results.crowned !== null && h("p", { class: "next-juggernaut" }, `♛ ${t("stepNext", { name: name(results.crowned) })}`),
  ];
  return h(
    "section",
    { class: "results", id: "results", dataset: { set: results.set_no } },
    h("h2", {}, t("results", { n: results.set_no })),
    steps,
    next && h("div", { class: "buttons" }, h("button", { type: "button", class: "primary", id: "next-set", onclick: next }, t("next"))),
  );
}

function goldStep(view, me, results, name, busy, act) {
  const price = view.params.goldExchangeSilver;
  const lines = results.gold
    .map((choice, seat) => choice && h("li", {}, choice === "exchanged" ? t("goldExchanged", { name: name(seat), price }) : t("goldDeclined", { name: name(seat) })))
    .filter(Boolean);
  const asked = view.phase === "gold" && view.awaiting.includes(me);
  return [
    lines.length ? h("ul", {}, lines) : !asked && view.phase !== "gold" && h("p", {}, t("goldNone")),
    asked &&
      h(
        "div",
        { class: "actions", id: "gold-ask" },
        h("p", { class: "ask" }, t("goldAsk", { price })),
        h(
          "div",
          { class: "buttons" },
          h("button", { type: "button", class: "primary", id: "exchange-gold", disabled: busy, onclick: () => act.move({ kind: "exchange_gold" }) }, t("exchangeGold")),
          h("button", { type: "button", id: "decline-gold", disabled: busy, onclick: () => act.move({ kind: "decline_gold" }) }, t("declineGold")),
        ),
        h("p", { class: "muted" }, t("goldAuto")),
      ),
  ];
}
