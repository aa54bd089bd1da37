/** Sends one message through an SMTP server with nodemailer; a server that stalls fails within seconds. */
import nodemailer from 'nodemailer';

export interface MailServer {
  host: string;
  port: number;
  secure: boolean;
  account: string;
  password: string;
}

export interface MailMessage {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
}

export async function sendMail(server: MailServer, message: MailMessage): Promise<void> {
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    auth: server.account ? { user: server.account, pass: server.password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}
