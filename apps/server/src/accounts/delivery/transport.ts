export interface Message {
  to: string;
  subject: string;
  text: string;
}

/** Delivers one message; an SMS provider adapter implements this too. */
export interface Transport {
  send(message: Message): Promise<void>;
}

export interface Delivery {
  email: Transport;
  sms: Transport;
}
