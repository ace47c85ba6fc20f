/**
 * An e-mail of the shop as sent: its blocks (mail-template.ts) drawn as HTML (shop-mail.server.tsx)
 * and as plain text, in one message (docs/product.md §10.13). Synchronous, so a mail is composed
 * inside the transaction that records it (ADR 025).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { MailMessage } from "~/server/mail.server";
import { type MailContent, mailText } from "./mail-template";
import { ShopMail } from "./shop-mail.server";

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

export function mailHtml(content: MailContent): string {
  return DOCTYPE + renderToStaticMarkup(createElement(ShopMail, { content }));
}

export function composeMail(content: MailContent): MailMessage {
  return {
    to: content.to,
    subject: content.subject,
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
    text: mailText(content),
    html: mailHtml(content),
  };
}
