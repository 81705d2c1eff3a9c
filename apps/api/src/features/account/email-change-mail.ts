import type { Locale } from '@portal/contracts';
import type { OutgoingMail } from '../../platform/mail/mail-sender';

const TEXTS = {
  en: {
    subject: 'Confirm your new e-mail address',
    body: (v: Values) =>
      `Hello ${v.name},\n\nplease confirm ${v.email} as the new e-mail address of your ${v.brand} account "${v.username}" by opening this link within 24 hours:\n\n${v.link}\n\nIf you did not ask for this, ignore this message: your address stays as it is.\n`,
  },
  de: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    body: (v: Values) =>
      `Guten Tag ${v.name},\n\nbitte bestätigen Sie ${v.email} als neue E-Mail-Adresse Ihres ${v.brand}-Kontos „${v.username}“, indem Sie innerhalb von 24 Stunden diesen Link öffnen:\n\n${v.link}\n\nWenn Sie das nicht veranlasst haben, ignorieren Sie diese Nachricht: Ihre Adresse bleibt unverändert.\n`,
  },
} as const;

interface Values {
  name: string;
  email: string;
  brand: string;
  username: string;
  link: string;
}

/** The message with the confirmation link, in the user's language, to the new address. */
export function emailChangeMail(locale: Locale, values: Values): OutgoingMail {
  const t = TEXTS[locale];
  return { to: values.email, subject: t.subject, text: t.body(values) };
}
