-- A guest's wishlist lives as long as her session (docs/decisions/0018-wishlists-and-watch.md): when a
-- Session row goes (expiry pruning, logout, the old id replaced at sign-in), the wishlist keyed by it
-- goes too. Wishlist.sessionKey and Session.sid are the same SHA-256 of the session id. Sign-in moves
-- the guest's list to the customer (sessionKey cleared) before the old session is destroyed.
CREATE FUNCTION "guest_wishlist_cleanup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "Wishlist" WHERE "sessionKey" = OLD."sid";
  RETURN NULL;
END
$$;

CREATE TRIGGER "Session_guest_wishlist_cleanup"
  AFTER DELETE ON "Session"
  FOR EACH ROW
  EXECUTE FUNCTION "guest_wishlist_cleanup"();
