"""ImGui on a pyglet window: pyglet's input handed to ImGui, ImGui's draw lists drawn with pyglet's OpenGL.

imgui-bundle's own pyglet backend does the same through PyOpenGL, a second set of OpenGL
bindings beside pyglet's. This one issues the same OpenGL calls in the same order with the
same shader (so the pictures are the same pixel for pixel), through the bindings pyglet has
loaded already: the "imgui-renderer" tweak (sandbox.boot.tweaks), its benefit measured where
sandbox.boot.gl.imgui_renderer chooses it.
"""

import ctypes

import pyglet
from imgui_bundle import imgui
from pyglet import gl
from pyglet.graphics.shader import Shader, ShaderProgram
from pyglet.window import Window, key, mouse

VERTEX_SHADER = """#version 330
uniform mat4 ProjMtx;
in vec2 Position;
in vec2 UV;
in vec4 Color;
out vec2 Frag_UV;
out vec4 Frag_Color;
void main() {
    Frag_UV = UV;
    Frag_Color = Color;
    gl_Position = ProjMtx * vec4(Position.xy, 0, 1);
}
"""

FRAGMENT_SHADER = """#version 330
uniform sampler2D Texture;
in vec2 Frag_UV;
in vec4 Frag_Color;
out vec4 Out_Color;
void main() {
    Out_Color = Frag_Color * texture(Texture, Frag_UV.st);
}
"""

CURSORS = {
    imgui.MouseCursor_.arrow: Window.CURSOR_DEFAULT,
    imgui.MouseCursor_.text_input: Window.CURSOR_TEXT,
    imgui.MouseCursor_.resize_all: Window.CURSOR_SIZE,
    imgui.MouseCursor_.resize_ns: Window.CURSOR_SIZE_UP_DOWN,
    imgui.MouseCursor_.resize_ew: Window.CURSOR_SIZE_LEFT_RIGHT,
    imgui.MouseCursor_.resize_nesw: Window.CURSOR_SIZE_DOWN_LEFT,
    imgui.MouseCursor_.resize_nwse: Window.CURSOR_SIZE_DOWN_RIGHT,
    imgui.MouseCursor_.hand: Window.CURSOR_HAND,
}

MODIFIERS = {
    imgui.Key.left_ctrl: imgui.Key.mod_ctrl, imgui.Key.right_ctrl: imgui.Key.mod_ctrl,
    imgui.Key.left_shift: imgui.Key.mod_shift, imgui.Key.right_shift: imgui.Key.mod_shift,
    imgui.Key.left_alt: imgui.Key.mod_alt, imgui.Key.right_alt: imgui.Key.mod_alt,
    imgui.Key.left_super: imgui.Key.mod_super, imgui.Key.right_super: imgui.Key.mod_super,
}


def _key_map():
    """pyglet's key symbols to ImGui's keys: the keys imgui-bundle's pyglet backend maps."""
    named = {
        "TAB": "tab", "BACKSPACE": "backspace", "RETURN": "enter", "ESCAPE": "escape", "INSERT": "insert",
        "DELETE": "delete", "SPACE": "space", "LEFT": "left_arrow", "RIGHT": "right_arrow", "UP": "up_arrow",
        "DOWN": "down_arrow", "PAGEUP": "page_up", "PAGEDOWN": "page_down", "HOME": "home", "END": "end",
        "NUM_ENTER": "keypad_enter", "NUM_DECIMAL": "keypad_decimal", "NUM_DIVIDE": "keypad_divide",
        "NUM_MULTIPLY": "keypad_multiply", "NUM_SUBTRACT": "keypad_subtract", "NUM_ADD": "keypad_add",
        "LCTRL": "left_ctrl", "RCTRL": "right_ctrl", "LSHIFT": "left_shift", "RSHIFT": "right_shift",
        "LALT": "left_alt", "RALT": "right_alt", "LCOMMAND": "left_super", "RCOMMAND": "right_super",
        "GRAVE": "grave_accent", "MINUS": "minus", "EQUAL": "equal", "BRACKETLEFT": "left_bracket",
        "BRACKETRIGHT": "right_bracket", "BACKSLASH": "backslash", "SEMICOLON": "semicolon",
        "APOSTROPHE": "apostrophe", "COMMA": "comma", "PERIOD": "period", "SLASH": "slash",
        "PRINT": "print_screen", "PAUSE": "pause", "CAPSLOCK": "caps_lock", "NUMLOCK": "num_lock",
        "SCROLLLOCK": "scroll_lock",
    }
    named.update({f"F{n}": f"f{n}" for n in range(1, 13)})
    named.update({f"_{n}": f"_{n}" for n in range(10)})
    named.update({f"NUM_{n}": f"keypad{n}" for n in range(10)})
    named.update({letter: letter.lower() for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"})
    return {getattr(key, symbol): getattr(imgui.Key, name) for symbol, name in named.items()}


def _integers(name, count=1):
    values = (gl.GLint * count)()
    gl.glGetIntegerv(name, values)
    return values[0] if count == 1 else tuple(values)


class Renderer:
    """ImGui drawn into ``window`` and fed its mouse, keys, text and size.

    The window's own handlers still run after these: they return nothing.
    """

    def __init__(self, window):
        self.window = window
        self.io = imgui.get_io()
        self.io.delta_time = 1.0 / 60.0
        self.io.backend_flags |= imgui.BackendFlags_.has_mouse_cursors
        self._keys = _key_map()
        self._cursor = -2
        self._create_device_objects()
        self.io.backend_flags |= imgui.BackendFlags_.renderer_has_textures
        largest = _integers(gl.GL_MAX_TEXTURE_SIZE)
        platform = imgui.get_platform_io()
        platform.renderer_texture_max_width = platform.renderer_texture_max_height = largest
        self.on_resize(window.width, window.height)
        platform.platform_get_clipboard_text_fn = lambda _context: window.get_clipboard_text()
        platform.platform_set_clipboard_text_fn = lambda _context, text: window.set_clipboard_text(text)
        window.push_handlers(self.on_mouse_motion, self.on_key_press, self.on_key_release, self.on_text, self.on_mouse_drag,
                             self.on_mouse_press, self.on_mouse_release, self.on_mouse_scroll, self.on_resize)

    # Input

    def _on_key(self, symbol, down):
        imgui_key = self._keys.get(symbol)
        if imgui_key is None:
            return
        self.io.add_key_event(imgui_key, down)
        if imgui_key in MODIFIERS:
            self.io.add_key_event(MODIFIERS[imgui_key], down)

    def on_key_press(self, symbol, modifiers):
        self._on_key(symbol, True)

    def on_key_release(self, symbol, modifiers):
        self._on_key(symbol, False)

    def on_text(self, text):
        for char in text:
            self.io.add_input_character(ord(char))

    def on_mouse_motion(self, x, y, dx, dy):
        self.io.add_mouse_pos_event(x, self.io.display_size.y - y)

    def _on_button(self, button, down):
        self.io.add_mouse_button_event({mouse.RIGHT: 1, mouse.MIDDLE: 2}.get(button, 0), down)

    def on_mouse_press(self, x, y, button, modifiers):
        self._on_button(button, True)

    def on_mouse_release(self, x, y, button, modifiers):
        self._on_button(button, False)

    def on_mouse_drag(self, x, y, dx, dy, buttons, modifiers):
        self._on_button(buttons, True)
        self.on_mouse_motion(x, y, dx, dy)

    def on_mouse_scroll(self, x, y, scroll_x, scroll_y):
        self.io.add_mouse_wheel_event(scroll_x, scroll_y)

    def on_resize(self, width, height):
        # The window's size, not its scale: on some platforms the size is in pixels already.
        width, height = self.window.get_size()
        self.io.display_size = (width, height)
        fb_width, fb_height = self.window.get_framebuffer_size()
        self.io.display_framebuffer_scale = (fb_width / width, fb_height / height) if width and height else (1.0, 1.0)

    def _follow_cursor(self):
        if self.io.config_flags & imgui.ConfigFlags_.no_mouse_cursor_change:
            return
        cursor = imgui.get_mouse_cursor()
        if cursor == self._cursor:
            return
        self._cursor = cursor
        if cursor == imgui.MouseCursor_.none:
            self.window.set_mouse_visible(False)
        else:
            self.window.set_mouse_cursor(self.window.get_system_mouse_cursor(CURSORS.get(cursor)))

    # Drawing

    def _create_device_objects(self):
        last_texture = _integers(gl.GL_TEXTURE_BINDING_2D)
        last_array_buffer = _integers(gl.GL_ARRAY_BUFFER_BINDING)
        last_vertex_array = _integers(gl.GL_VERTEX_ARRAY_BINDING)
        self._program = ShaderProgram(Shader(VERTEX_SHADER, "vertex"), Shader(FRAGMENT_SHADER, "fragment"))
        uniforms, found = self._program.uniforms, self._program.attributes
        self._texture_uniform = uniforms["Texture"]["location"]
        self._projection_uniform = uniforms["ProjMtx"]["location"]
        buffers, vertex_array = (gl.GLuint * 2)(), gl.GLuint()
        gl.glGenBuffers(2, buffers)
        gl.glGenVertexArrays(1, ctypes.byref(vertex_array))
        self._vertex_buffer, self._index_buffer = buffers
        self._vertex_array = vertex_array.value
        gl.glBindVertexArray(self._vertex_array)
        gl.glBindBuffer(gl.GL_ARRAY_BUFFER, self._vertex_buffer)
        attributes = (("Position", 2, gl.GL_FLOAT, gl.GL_FALSE, imgui.VERTEX_BUFFER_POS_OFFSET),
                      ("UV", 2, gl.GL_FLOAT, gl.GL_FALSE, imgui.VERTEX_BUFFER_UV_OFFSET),
                      ("Color", 4, gl.GL_UNSIGNED_BYTE, gl.GL_TRUE, imgui.VERTEX_BUFFER_COL_OFFSET))
        locations = [found[name]["location"] for name, *_ in attributes]
        for location in locations:
            gl.glEnableVertexAttribArray(location)
        for location, (_, size, kind, normalized, offset) in zip(locations, attributes):
            gl.glVertexAttribPointer(location, size, kind, normalized, imgui.VERTEX_SIZE, offset)
        gl.glBindTexture(gl.GL_TEXTURE_2D, last_texture)
        gl.glBindBuffer(gl.GL_ARRAY_BUFFER, last_array_buffer)
        gl.glBindVertexArray(last_vertex_array)

    def _update_texture(self, texture):
        """Create, fill in or delete the OpenGL texture behind one of ImGui's (its fonts, drawn as needed)."""
        status = texture.status
        if status == imgui.ImTextureStatus.want_create:
            last_texture = _integers(gl.GL_TEXTURE_BINDING_2D)
            handle = gl.GLuint()
            gl.glGenTextures(1, ctypes.byref(handle))
            gl.glBindTexture(gl.GL_TEXTURE_2D, handle)
            for name, value in ((gl.GL_TEXTURE_MIN_FILTER, gl.GL_LINEAR), (gl.GL_TEXTURE_MAG_FILTER, gl.GL_LINEAR),
                                (gl.GL_TEXTURE_WRAP_S, gl.GL_CLAMP_TO_EDGE), (gl.GL_TEXTURE_WRAP_T, gl.GL_CLAMP_TO_EDGE)):
                gl.glTexParameteri(gl.GL_TEXTURE_2D, name, value)
            gl.glPixelStorei(gl.GL_UNPACK_ROW_LENGTH, 0)
            pixels = texture.get_pixels_array()
            gl.glTexImage2D(gl.GL_TEXTURE_2D, 0, gl.GL_RGBA, texture.width, texture.height, 0, gl.GL_RGBA,
                            gl.GL_UNSIGNED_BYTE, pixels.ctypes.data)
            texture.set_tex_id(handle.value)
            texture.status = imgui.ImTextureStatus.ok
            gl.glBindTexture(gl.GL_TEXTURE_2D, last_texture)
        elif status == imgui.ImTextureStatus.want_updates:
            last_texture = _integers(gl.GL_TEXTURE_BINDING_2D)
            gl.glBindTexture(gl.GL_TEXTURE_2D, texture.tex_id)
            gl.glPixelStorei(gl.GL_UNPACK_ROW_LENGTH, texture.width)
            pixels = texture.get_pixels_array()  # held while OpenGL reads from it
            start = pixels.ctypes.data
            for rect in texture.updates:
                offset = (rect.y * texture.width + rect.x) * texture.bytes_per_pixel
                gl.glTexSubImage2D(gl.GL_TEXTURE_2D, 0, rect.x, rect.y, rect.w, rect.h, gl.GL_RGBA, gl.GL_UNSIGNED_BYTE,
                                   start + offset)
            gl.glPixelStorei(gl.GL_UNPACK_ROW_LENGTH, 0)
            texture.status = imgui.ImTextureStatus.ok
            gl.glBindTexture(gl.GL_TEXTURE_2D, last_texture)
        elif status == imgui.ImTextureStatus.want_destroy:
            gl.glDeleteTextures(1, ctypes.byref(gl.GLuint(texture.tex_id)))
            texture.set_tex_id(0)
            texture.status = imgui.ImTextureStatus.destroyed

    def _update_textures(self):
        for texture in imgui.get_platform_io().textures:
            if texture.status != imgui.ImTextureStatus.ok:
                self._update_texture(texture)

    def render(self, draw_data):
        """Draw ImGui's lists over what the window shows, leaving OpenGL's state as it found it."""
        io = self.io
        width, height = io.display_size
        fb_width = int(width * io.display_framebuffer_scale[0])
        fb_height = int(height * io.display_framebuffer_scale[1])
        self._update_textures()
        if fb_width == 0 or fb_height == 0:
            return
        draw_data.scale_clip_rects(io.display_framebuffer_scale)
        saved = _save_state()
        gl.glEnable(gl.GL_BLEND)
        gl.glBlendEquation(gl.GL_FUNC_ADD)
        gl.glBlendFunc(gl.GL_SRC_ALPHA, gl.GL_ONE_MINUS_SRC_ALPHA)
        gl.glDisable(gl.GL_CULL_FACE)
        gl.glDisable(gl.GL_DEPTH_TEST)
        gl.glEnable(gl.GL_SCISSOR_TEST)
        gl.glActiveTexture(gl.GL_TEXTURE0)
        gl.glPolygonMode(gl.GL_FRONT_AND_BACK, gl.GL_FILL)
        gl.glViewport(0, 0, fb_width, fb_height)
        projection = (gl.GLfloat * 16)(2.0 / width, 0, 0, 0, 0, 2.0 / -height, 0, 0, 0, 0, -1.0, 0, -1.0, 1.0, 0, 1.0)
        gl.glUseProgram(self._program.id)
        gl.glUniform1i(self._texture_uniform, 0)
        gl.glUniformMatrix4fv(self._projection_uniform, 1, gl.GL_FALSE, projection)
        gl.glBindVertexArray(self._vertex_array)
        index_type = gl.GL_UNSIGNED_SHORT if imgui.INDEX_SIZE == 2 else gl.GL_UNSIGNED_INT
        for commands in draw_data.cmd_lists:
            gl.glBindBuffer(gl.GL_ARRAY_BUFFER, self._vertex_buffer)
            gl.glBufferData(gl.GL_ARRAY_BUFFER, commands.vtx_buffer.size() * imgui.VERTEX_SIZE,
                            commands.vtx_buffer.data_address(), gl.GL_STREAM_DRAW)
            gl.glBindBuffer(gl.GL_ELEMENT_ARRAY_BUFFER, self._index_buffer)
            gl.glBufferData(gl.GL_ELEMENT_ARRAY_BUFFER, commands.idx_buffer.size() * imgui.INDEX_SIZE,
                            commands.idx_buffer.data_address(), gl.GL_STREAM_DRAW)
            for command in commands.cmd_buffer:
                gl.glBindTexture(gl.GL_TEXTURE_2D, command.tex_ref.get_tex_id())
                x, y, z, w = command.clip_rect
                gl.glScissor(int(x), int(fb_height - w), int(z - x), int(w - y))
                gl.glDrawElements(gl.GL_TRIANGLES, command.elem_count, index_type, command.idx_offset * imgui.INDEX_SIZE)
        _restore_state(saved)
        self._follow_cursor()

    def shutdown(self):
        for texture in imgui.get_platform_io().textures:
            if texture.ref_count == 1:
                texture.status = imgui.ImTextureStatus.want_destroy
                self._update_texture(texture)
        self.io.backend_flags &= ~imgui.BackendFlags_.renderer_has_textures
        handles = (gl.GLuint * 2)(self._vertex_buffer, self._index_buffer)
        gl.glDeleteVertexArrays(1, ctypes.byref(gl.GLuint(self._vertex_array)))
        gl.glDeleteBuffers(2, handles)
        self._program.delete()


def _save_state():
    """What ``render`` changes, to put back after it: pyglet keeps drawing with the same context."""
    flags = (gl.GL_BLEND, gl.GL_CULL_FACE, gl.GL_DEPTH_TEST, gl.GL_SCISSOR_TEST)
    return {
        "texture": _integers(gl.GL_TEXTURE_BINDING_2D),
        "viewport": _integers(gl.GL_VIEWPORT, 4),
        "enabled": {flag: gl.glIsEnabled(flag) for flag in flags},
        "scissor": _integers(gl.GL_SCISSOR_BOX, 4),
        "blend": (_integers(gl.GL_BLEND_SRC), _integers(gl.GL_BLEND_DST)),
        "equation": (_integers(gl.GL_BLEND_EQUATION_RGB), _integers(gl.GL_BLEND_EQUATION_ALPHA)),
        "polygon_mode": _integers(gl.GL_POLYGON_MODE, 2)[0],
        "program": _integers(gl.GL_CURRENT_PROGRAM),
        "active_texture": _integers(gl.GL_ACTIVE_TEXTURE),
        "array_buffer": _integers(gl.GL_ARRAY_BUFFER_BINDING),
        "element_buffer": _integers(gl.GL_ELEMENT_ARRAY_BUFFER_BINDING),
        "vertex_array": _integers(gl.GL_VERTEX_ARRAY_BINDING),
    }


def _restore_state(saved):
    gl.glBindTexture(gl.GL_TEXTURE_2D, saved["texture"])
    gl.glBlendEquationSeparate(*saved["equation"])
    gl.glBlendFunc(*saved["blend"])
    gl.glPolygonMode(gl.GL_FRONT_AND_BACK, saved["polygon_mode"])
    for flag, enabled in saved["enabled"].items():
        (gl.glEnable if enabled else gl.glDisable)(flag)
    gl.glScissor(*saved["scissor"])
    gl.glViewport(*saved["viewport"])
    gl.glUseProgram(saved["program"])
    gl.glActiveTexture(saved["active_texture"])
    gl.glBindVertexArray(saved["vertex_array"])
    gl.glBindBuffer(gl.GL_ARRAY_BUFFER, saved["array_buffer"])
    gl.glBindBuffer(gl.GL_ELEMENT_ARRAY_BUFFER, saved["element_buffer"])
