-- Every line of a bank statement recorded once (decision 0070): the bank's id of the movement is the
-- key, so importing a statement again (or the Fio API returning a movement again) records nothing
-- twice. The state says what became of the line: PAIRED (the order it paid), UNPAIRED or AMBIGUOUS
-- (with the reason, listed by `npm run order -- payments --unpaired`), IGNORED (outgoing money).
-- BankFeed holds where the Fio API poll stands: the last movement whose pairing committed and when
-- the API was last called (at most once per 30 s, across all instances).
CREATE TABLE "BankTransaction" (
    "id" SERIAL NOT NULL,
    "bankId" TEXT NOT NULL,
    "account" TEXT NOT NULL DEFAULT '',
    "amount" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "bookedOn" DATE NOT NULL,
    "variableSymbol" TEXT NOT NULL DEFAULT '',
    "message" TEXT NOT NULL DEFAULT '',
    "state" TEXT NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "detail" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL,
    "orderId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "BankTransaction_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "BankTransaction_bankId_present" CHECK ("bankId" <> ''),
    CONSTRAINT "BankTransaction_state_known" CHECK ("state" IN ('PAIRED', 'UNPAIRED', 'AMBIGUOUS', 'IGNORED')),
    CONSTRAINT "BankTransaction_source_known" CHECK ("source" IN ('csv', 'gpc', 'camt053', 'fio-api'))
);

CREATE UNIQUE INDEX "BankTransaction_bankId_key" ON "BankTransaction"("bankId");
CREATE INDEX "BankTransaction_state_idx" ON "BankTransaction"("state");

ALTER TABLE "BankTransaction" ADD CONSTRAINT "BankTransaction_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "BankFeed" (
    "name" TEXT NOT NULL,
    "lastPairedId" TEXT NOT NULL DEFAULT '',
    "downloading" BOOLEAN NOT NULL DEFAULT false,
    "calledAt" TIMESTAMPTZ(3),
    CONSTRAINT "BankFeed_pkey" PRIMARY KEY ("name")
);
