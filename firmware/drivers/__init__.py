# Display drivers: ST7789 and ILI9341 (SPI, RGB565 panels fed from a GS4 framebuffer) and
# SSD1306 (I2C, mono).  Each owns the framebuffer the app draws on (`fb`) and sends any
# rectangle of it with show(x, y, w, h).
