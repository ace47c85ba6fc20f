/**
 * The send box (docs/product.md §5: trimmed, a blank message is not sent). The text leaves the box at once;
 * if sending fails it comes back with docs/product.md §8's message, so nothing typed is ever lost.
 */
import { useId, useState } from "react";
import buttonStyles from "~/components/button.module.css";
import styles from "./chat.module.css";
import { CHAT_MESSAGE_MAX_LENGTH } from "./chat-schemas";
import { CHAT_MESSAGES } from "./chat-types";

export function ChatComposer({
  onSend,
  disabled = false,
  label = "Votre message",
}: {
  /** Resolves when the server stored the message; rejects (with a French message) otherwise. */
  onSend: (content: string) => Promise<void>;
  disabled?: boolean;
  label?: string;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const id = useId();

  const send = async () => {
    const content = text.trim();
    if (!content || sending) return;
    setSending(true);
    setError(null);
    setText("");
    try {
      await onSend(content);
    } catch (failure) {
      setText((current) => current || text);
      const reason = failure instanceof Error ? failure.message : "";
      // A rate limit or a length rule is worth saying as is; anything else gets docs/product.md §8's wording.
      setError(/patientez|trop long/.test(reason) ? reason : CHAT_MESSAGES.sendFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={styles.composer}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        name="content"
        rows={2}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        placeholder="Écrivez votre message…"
        value={text}
        disabled={disabled}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter sends, Shift+Enter goes to the line, like every messaging app.
          if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void send();
          }
        }}
      />
      <button type="submit" className={buttonStyles.primary} disabled={disabled || sending || !text.trim()}>
        Envoyer
      </button>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
