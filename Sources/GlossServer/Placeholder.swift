// GlossServer
