// The mail module's front door: what other modules may use of it.
export { escapeHtml } from './html-escape';
export { formatMailTime, MAIL_TIME_FORMAT } from './mail-time';
export { sendMail, type MailAttachment, type MailMessage } from './mail';
export { configureMail } from './mail';
