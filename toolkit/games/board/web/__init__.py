"""`huntkit play PACK --web`: the table companion as a local web app, one game shared by every page."""
