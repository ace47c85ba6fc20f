/**
 * The HTML part of every e-mail of the shop (docs/product.md §10.13), drawn from the same blocks as
 * its text part (mail-template.ts). Built from React Email's components, which write the tables and
 * inline styles mail apps need. The shop's name and colours (app/styles/tokens.css), one column that
 * holds at 360 px, a dark scheme for the apps that follow the system's, `lang="fr"`, real headings,
 * the pieces' pictures with their names as alternative text, and no text drawn in a picture.
 */
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties } from "react";
import type { MailBlock, MailContent, MailPiece } from "./mail-template";

/** The shop's palette (app/styles/tokens.css), light and dark. */
const COLOURS = {
  ocean: "#0f3d4c",
  lagoon: "#1f7a8c",
  link: "#17616f",
  pearl: "#fbf8f3",
  white: "#ffffff",
  text: "#22303a",
  muted: "#55626b",
  border: "#e3dbd0",
  foam: "#e6f3f1",
} as const;

const SERIF = "'Cormorant Garamond', Georgia, 'Times New Roman', serif";
const SANS = "Jost, 'Segoe UI', Helvetica, Arial, sans-serif";

/**
 * What inline styles cannot say: the dark scheme, for the apps that follow the system's (Apple Mail,
 * Outlook on the web…), and the phone layout; the others keep the light, wide styles inlined below.
 * `!important` outranks the inline styles.
 */
const MAIL_STYLES = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .mail-body { background-color: #0a2a35 !important; }
  .mail-card { background-color: #0f3d4c !important; border-color: #2f8fa1 !important; }
  .mail-text, .mail-title, .mail-brand, .mail-cell { color: #f4ede4 !important; }
  .mail-muted { color: #cfe8e4 !important; }
  .mail-link { color: #cfe8e4 !important; }
  .mail-quote { background-color: #0a2a35 !important; }
  .mail-button { background-color: #cfe8e4 !important; color: #0a2a35 !important; }
}
@media only screen and (max-width: 480px) {
  .mail-card { padding: 20px 16px !important; }
  .mail-title { font-size: 24px !important; }
  .mail-fact-label, .mail-fact-value { display: block !important; width: 100% !important; text-align: left !important; padding: 0 !important; }
  .mail-fact-label { font-size: 14px !important; }
  .mail-fact-row { padding: 4px 0 !important; }
}`;

const text: CSSProperties = {
  color: COLOURS.text,
  fontFamily: SANS,
  fontSize: "16px",
  lineHeight: "24px",
  margin: "0 0 16px",
};
const muted: CSSProperties = { ...text, color: COLOURS.muted, fontSize: "14px", lineHeight: "20px" };

function Paragraph({ lines, quiet = false }: { lines: readonly string[]; quiet?: boolean }) {
  return (
    <Text className={quiet ? "mail-muted" : "mail-text"} style={quiet ? muted : text}>
      {lines.join(" ")}
    </Text>
  );
}

function Facts({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <Section style={{ margin: "0 0 16px" }}>
      {rows.map(([label, value]) => (
        // On a phone, the label above its value (MAIL_STYLES' narrow rule): long values stay readable.
        <Row key={label} className="mail-fact-row">
          <Column
            className="mail-cell mail-fact-label"
            style={{ ...text, margin: 0, padding: "2px 12px 2px 0", verticalAlign: "top", width: "38%" }}
          >
            {label}
          </Column>
          <Column
            className="mail-cell mail-fact-value"
            style={{ ...text, margin: 0, padding: "2px 0", fontWeight: 600, textAlign: "right" }}
          >
            {value}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

function Piece({ piece }: { piece: MailPiece }) {
  const name = piece.url ? (
    <Link className="mail-link" href={piece.url} style={{ color: COLOURS.link }}>
      {piece.name}
    </Link>
  ) : (
    piece.name
  );
  return (
    <Row style={{ borderBottom: `1px solid ${COLOURS.border}` }}>
      {piece.imageUrl ? (
        <Column style={{ width: "76px", padding: "10px 12px 10px 0", verticalAlign: "top" }}>
          <Img
            src={piece.imageUrl}
            alt={piece.name}
            width="64"
            height="64"
            style={{ borderRadius: "6px", objectFit: "cover", display: "block" }}
          />
        </Column>
      ) : null}
      <Column style={{ padding: "10px 0", verticalAlign: "top" }}>
        <Text className="mail-text" style={{ ...text, margin: 0, fontWeight: 600 }}>
          {name} × {piece.quantity}
        </Text>
        <Text className="mail-muted" style={{ ...muted, margin: 0 }}>
          {piece.price}
          {piece.note ? ` ${piece.note}` : ""}
        </Text>
      </Column>
    </Row>
  );
}

function Block({ block }: { block: MailBlock }) {
  switch (block.kind) {
    case "text":
      return <Paragraph lines={block.lines} />;
    case "note":
      return <Paragraph lines={block.lines} quiet />;
    case "heading":
      return (
        <Heading
          as="h2"
          className="mail-title"
          style={{
            color: COLOURS.ocean,
            fontFamily: SERIF,
            fontSize: "22px",
            fontWeight: 600,
            margin: "24px 0 8px",
          }}
        >
          {block.text}
        </Heading>
      );
    case "action":
      return (
        <Section style={{ margin: "0 0 20px" }}>
          <Paragraph lines={[block.intro]} />
          <Button
            className="mail-button"
            href={block.url}
            style={{
              backgroundColor: COLOURS.lagoon,
              borderRadius: "999px",
              color: COLOURS.white,
              fontFamily: SANS,
              fontSize: "16px",
              fontWeight: 600,
              padding: "12px 24px",
              textDecoration: "none",
            }}
          >
            {block.label}
          </Button>
          <Text className="mail-muted" style={{ ...muted, margin: "12px 0 0", wordBreak: "break-all" }}>
            <Link className="mail-link" href={block.url} style={{ color: COLOURS.link }}>
              {block.url}
            </Link>
          </Text>
        </Section>
      );
    case "quote":
      return (
        <Section
          className="mail-quote"
          style={{
            backgroundColor: COLOURS.foam,
            borderLeft: `4px solid ${COLOURS.lagoon}`,
            borderRadius: "4px",
            margin: "0 0 16px",
            padding: "12px 16px",
          }}
        >
          <Text className="mail-text" style={{ ...text, margin: 0, whiteSpace: "pre-wrap" }}>
            {block.text}
          </Text>
        </Section>
      );
    case "facts":
      return <Facts rows={block.rows} />;
    case "pieces":
      return (
        <Section style={{ margin: "8px 0 16px" }}>
          <Heading
            as="h2"
            className="mail-title"
            style={{
              color: COLOURS.ocean,
              fontFamily: SERIF,
              fontSize: "22px",
              fontWeight: 600,
              margin: "0 0 4px",
            }}
          >
            {block.title}
          </Heading>
          {block.pieces.map((piece, index) => (
            // Two lines may name the same piece: the position tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: a static list rendered once.
            <Piece key={index} piece={piece} />
          ))}
          <Section style={{ marginTop: "8px" }}>
            <Facts rows={block.rows} />
          </Section>
          {(block.notes ?? []).map((note) => (
            <Paragraph key={note} lines={[note]} quiet />
          ))}
        </Section>
      );
  }
}

export function ShopMail({ content }: { content: MailContent }) {
  const { brand } = content;
  return (
    <Html lang="fr" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{content.subject}</title>
        <style>{MAIL_STYLES}</style>
      </Head>
      {content.preview ? <Preview>{content.preview}</Preview> : null}
      <Body className="mail-body" style={{ backgroundColor: COLOURS.pearl, margin: 0 }}>
        {/* Body draws its style on a cell of its own, without the class: the page's colour is here. */}
        <Section className="mail-body" style={{ backgroundColor: COLOURS.pearl, padding: "24px 8px" }}>
          <Container style={{ maxWidth: "600px", width: "100%" }}>
            <Text
              className="mail-brand"
              style={{
                color: COLOURS.ocean,
                fontFamily: SERIF,
                fontSize: "30px",
                fontWeight: 600,
                letterSpacing: "0.04em",
                margin: "0 0 16px",
                textAlign: "center",
              }}
            >
              <Link
                href={brand.publicUrl}
                className="mail-brand"
                style={{ color: COLOURS.ocean, textDecoration: "none" }}
              >
                {brand.shopName}
              </Link>
            </Text>
            <Section
              className="mail-card"
              style={{
                backgroundColor: COLOURS.white,
                border: `1px solid ${COLOURS.border}`,
                borderRadius: "12px",
                padding: "28px 28px 12px",
              }}
            >
              <Heading
                as="h1"
                className="mail-title"
                style={{
                  color: COLOURS.ocean,
                  fontFamily: SERIF,
                  fontSize: "28px",
                  fontWeight: 600,
                  lineHeight: "34px",
                  margin: "0 0 20px",
                }}
              >
                {content.title}
              </Heading>
              {content.greeting ? <Paragraph lines={[content.greeting]} /> : null}
              {content.blocks.map((block, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a static list rendered once.
                <Block key={index} block={block} />
              ))}
              {content.signature ? <Paragraph lines={[content.signature]} /> : null}
            </Section>
            <Hr style={{ borderColor: "transparent", margin: "8px 0" }} />
            <Text className="mail-muted" style={{ ...muted, textAlign: "center" }}>
              {brand.shopName} ·{" "}
              <Link className="mail-link" href={brand.publicUrl} style={{ color: COLOURS.link }}>
                {brand.publicUrl.replace(/^https?:\/\//, "")}
              </Link>
            </Text>
          </Container>
        </Section>
      </Body>
    </Html>
  );
}
