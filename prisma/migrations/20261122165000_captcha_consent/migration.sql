-- Captcha redemptions and the cookie consent log (issue 11).

-- A solved captcha's challenge signature, kept until the challenge expires: a token is redeemed once.
CREATE TABLE "CaptchaUse" (
    "signature" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "CaptchaUse_pkey" PRIMARY KEY ("signature")
);

CREATE INDEX "CaptchaUse_expiresAt_idx" ON "CaptchaUse"("expiresAt");

-- Every cookie consent choice, so the shop can prove what a visitor agreed to and when.
CREATE TABLE "ConsentLog" (
    "id" SERIAL NOT NULL,
    "anonymousId" TEXT NOT NULL,
    "analytical" BOOLEAN NOT NULL,
    "marketing" BOOLEAN NOT NULL,
    "advertising" BOOLEAN NOT NULL,
    "textVersion" TEXT NOT NULL,
    "language" "Language" NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConsentLog_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "ConsentLog_anonymousId_idx" ON "ConsentLog"("anonymousId");
