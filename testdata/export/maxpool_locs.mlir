// MaxPool with named locations on every op and #loc aliases defined after the module, as
// tf-mlir-translate -mlir-print-debuginfo prints them.
// sweep: arg0.range=-4:4
module {
// sweep: arg0=2x9x9x3
  func.func @main(%arg0: tensor<?x9x9x3xf32> {tf._user_specified_name = "x"} loc("x")) -> tensor<?x4x4x3xf32> attributes {tf.entry_function = {control_outputs = "", inputs = "x", outputs = "Identity"}} {
    %0 = "tf.MaxPool"(%arg0) {T = f32, data_format = "NHWC", device = "", explicit_paddings = [], ksize = [1, 3, 3, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<?x9x9x3xf32>) -> tensor<?x4x4x3xf32> loc(#loc1)
    %1 = "tf.Identity"(%0) {T = f32, device = ""} : (tensor<?x4x4x3xf32>) -> tensor<?x4x4x3xf32> loc(#loc2)
    return %1 : tensor<?x4x4x3xf32> loc(#loc)
  } loc(#loc)
} loc(#loc)
#loc = loc(unknown)
#loc1 = loc("model/max_pooling2d/MaxPool")
#loc2 = loc(fused["Identity", "model/output"])
