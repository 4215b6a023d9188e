import type { InboundHandler } from "../carriers/live";
import { receiveSmppInbound } from "./smpp-inbound";
import { smppMoAcknowledged } from "./smpp-unacked";

/** The inbound domain's side of the SMPP session, handed to the carriers at start-up. */
export const smppInboundHandler: InboundHandler = {
  receive: (mo) => receiveSmppInbound(mo),
  acknowledged: smppMoAcknowledged,
};
