// GlossIndex
