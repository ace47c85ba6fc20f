import { Form } from "react-router";
import buttons from "~/components/button.module.css";

export function LogoutButton() {
  return (
    <Form method="post" action="/deconnexion">
      <button type="submit" className={buttons.secondary}>
        Se déconnecter
      </button>
    </Form>
  );
}
