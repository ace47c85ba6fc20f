/**
 * The « Statistiques » page (docs/product.md §10.29): the period's figures as charts drawn on the
 * server in inline SVG — no chart library, no script — each with a summary for screen readers
 * (`role="img"` and its label) and the same figures as a table they can read.
 */
import { Link } from "react-router";
import { STAT_PERIODS } from "./stat-kinds";
import styles from "./stats-page.module.css";
import type { DayFigures, KeyFigure, StatsReport } from "./stats-types";

const number = new Intl.NumberFormat("fr-FR");
const fmt = (n: number) => number.format(n);
/** 2026-11-27 → 27/11/2026, or 27/11 when short. */
function dayLabel(day: string, short = false): string {
  const [year, month, date] = day.split("-");
  return short ? `${date}/${month}` : `${date}/${month}/${year}`;
}
const percent = (part: number, whole: number) =>
  whole > 0 ? `${(Math.round((part / whole) * 1000) / 10).toLocaleString("fr-FR")} %` : "—";

export function StatsPage({ report }: { report: StatsReport }) {
  const { totals } = report;
  const span = `du ${dayLabel(report.from)} au ${dayLabel(report.to)}`;
  return (
    <section className={styles.page}>
      <h1>Statistiques</h1>
      <p className={styles.lead}>
        Mesure d'audience sans cookie : chiffres agrégés par jour, sans adresse IP ni identifiant de visiteur,
        gardés 25 mois.
      </p>
      <nav aria-label="Période" className={styles.periods}>
        {STAT_PERIODS.map((days) => (
          <Link
            key={days}
            to={`?periode=${days}`}
            aria-current={days === report.period ? "page" : undefined}
            className={styles.period}
          >
            {`${days} jours`}
          </Link>
        ))}
      </nav>
      <p className={styles.span}>Période {span}.</p>

      <ul className={styles.totals} aria-label="Totaux de la période">
        <Total label="Pages vues" value={totals.page_view} />
        <Total label="Visiteurs uniques (somme des jours)" value={totals.visitor} />
        <Total label="Ajouts au panier" value={totals.cart_add} />
        <Total label="Ajouts aux favoris" value={totals.favorite_add} />
        <Total label="Commandes passées" value={totals.order_placed} />
        <Total label="Commandes payées" value={totals.order_paid} />
      </ul>

      <VisitsChart days={report.days} span={span} />
      <Funnel
        span={span}
        steps={[
          { label: "Pages vues", value: totals.page_view },
          { label: "Ajouts au panier", value: totals.cart_add },
          { label: "Commandes passées", value: totals.order_placed },
          { label: "Commandes payées", value: totals.order_paid },
        ]}
      />
      <div className={styles.lists}>
        <BarList
          title="Créations les plus vues"
          unit="vues"
          rows={report.topPieces}
          empty="Aucune création vue."
        />
        <BarList
          title="Sites référents"
          unit="visites"
          rows={report.topReferrers}
          empty="Aucun site référent."
        />
        <BarList title="Pages les plus vues" unit="vues" rows={report.topPages} empty="Aucune page vue." />
        <BarList
          title="Recherches sans résultat"
          unit="recherches"
          rows={report.emptySearches}
          empty="Aucune recherche sans résultat."
        />
      </div>
    </section>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <li className={styles.total}>
      <span className={styles.totalValue}>{fmt(value)}</span> <span>{label}</span>
    </li>
  );
}

/** Views as bars and unique visitors as a line, one step per day. */
function VisitsChart({ days, span }: { days: DayFigures[]; span: string }) {
  const max = Math.max(1, ...days.map((d) => d.views), ...days.map((d) => d.visitors));
  const height = 100;
  const y = (value: number) => height - (value / max) * height;
  const views = days.reduce((sum, d) => sum + d.views, 0);
  const visitors = days.reduce((sum, d) => sum + d.visitors, 0);
  const line = days.map((d, i) => `${i + 0.5},${y(d.visitors)}`).join(" ");
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className={styles.chart} aria-labelledby="visites-titre">
      <h2 id="visites-titre">Visites par jour</h2>
      <div
        role="img"
        aria-label={`Visites par jour ${span} : ${fmt(views)} pages vues et ${fmt(visitors)} visiteurs uniques au total, au plus ${fmt(max)} en un jour.`}
      >
        <p className={styles.legend} aria-hidden="true">
          <span className={styles.keyViews}>Pages vues</span>
          <span className={styles.keyVisitors}>Visiteurs uniques</span>
          <span className={styles.axisMax}>max. {fmt(max)}</span>
        </p>
        <svg
          className={styles.visits}
          viewBox={`0 0 ${days.length} ${height}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          {days.length > 90 ? (
            // A year's days are thinner than a pixel on a phone: the views as one area instead.
            <polygon
              className={styles.area}
              points={`0,${height} ${days.map((d, i) => `${i + 0.5},${y(d.views)}`).join(" ")} ${days.length},${height}`}
            />
          ) : (
            days.map((d, i) => (
              <rect
                key={d.day}
                className={styles.bar}
                x={i + 0.15}
                width={0.7}
                y={y(d.views)}
                height={height - y(d.views)}
              />
            ))
          )}
          <polyline className={styles.line} points={line} vectorEffect="non-scaling-stroke" />
        </svg>
        <p className={styles.axis} aria-hidden="true">
          <span>{first ? dayLabel(first.day, true) : ""}</span>
          <span>{last ? dayLabel(last.day, true) : ""}</span>
        </p>
      </div>
      {/* Hidden in a block: a table box ignores `overflow`, and its rows would stretch the page. */}
      <div className="visually-hidden">
        <table>
          <caption>Pages vues et visiteurs uniques par jour</caption>
          <thead>
            <tr>
              <th scope="col">Jour</th>
              <th scope="col">Pages vues</th>
              <th scope="col">Visiteurs uniques</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayLabel(d.day)}</th>
                <td>{d.views}</td>
                <td>{d.visitors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** From a view to a payment: each step's bar against the first, with its share of the step before. */
function Funnel({ steps, span }: { steps: { label: string; value: number }[]; span: string }) {
  const max = Math.max(1, ...steps.map((s) => s.value));
  const summary = steps
    .map(
      (s, i) =>
        `${s.label} ${fmt(s.value)}${i > 0 ? ` (${percent(s.value, steps[i - 1]?.value ?? 0)})` : ""}`,
    )
    .join(", ");
  return (
    <figure className={styles.chart} aria-labelledby="tunnel-titre">
      <h2 id="tunnel-titre">Des visites aux ventes</h2>
      <ol role="img" aria-label={`Tunnel ${span} : ${summary}.`} className={styles.rows}>
        {steps.map((step, i) => (
          <li key={step.label} className={styles.row}>
            <span className={styles.rowLabel}>{step.label}</span>
            <Bar value={step.value} max={max} />
            <span className={styles.rowValue}>
              {fmt(step.value)}
              {i > 0 ? <small> {percent(step.value, steps[i - 1]?.value ?? 0)}</small> : null}
            </span>
          </li>
        ))}
      </ol>
      <div className="visually-hidden">
        <table>
          <caption>Des visites aux ventes</caption>
          <thead>
            <tr>
              <th scope="col">Étape</th>
              <th scope="col">Nombre</th>
              <th scope="col">Part de l'étape précédente</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step, i) => (
              <tr key={step.label}>
                <th scope="row">{step.label}</th>
                <td>{step.value}</td>
                <td>{i > 0 ? percent(step.value, steps[i - 1]?.value ?? 0) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

function BarList({
  title,
  unit,
  rows,
  empty,
}: {
  title: string;
  unit: string;
  rows: KeyFigure[];
  empty: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  const id = `liste-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <figure className={styles.chart} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <>
          <ol
            role="img"
            aria-label={`${title} : ${rows.map((r) => `${r.label} ${fmt(r.count)} ${unit}`).join(", ")}.`}
            className={styles.rows}
          >
            {rows.map((row) => (
              <li key={row.key} className={styles.row}>
                <span className={styles.rowLabel} title={row.key}>
                  {row.label}
                </span>
                <Bar value={row.count} max={max} />
                <span className={styles.rowValue}>{fmt(row.count)}</span>
              </li>
            ))}
          </ol>
          <div className="visually-hidden">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">Nom</th>
                  <th scope="col">{unit[0]?.toUpperCase() + unit.slice(1)}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row">{row.label}</th>
                    <td>{row.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}

function Bar({ value, max }: { value: number; max: number }) {
  // A step that happened shows at least a sliver: an order among thousands of views is not nothing.
  const width = value > 0 ? Math.max(1, (value / max) * 100) : 0;
  return (
    <svg
      className={styles.rowBar}
      viewBox="0 0 100 10"
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <rect className={styles.track} x={0} y={0} width={100} height={10} />
      <rect className={styles.bar} x={0} y={0} width={width} height={10} />
    </svg>
  );
}
