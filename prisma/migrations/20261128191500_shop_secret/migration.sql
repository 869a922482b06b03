-- Secrets the shop makes for itself, one row per name (docs/decisions/0052): the session secret when
-- SESSION_SECRET is not set and the database is a server, so that every instance on it uses the same.

CREATE TABLE "ShopSecret" (
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShopSecret_pkey" PRIMARY KEY ("name")
);
