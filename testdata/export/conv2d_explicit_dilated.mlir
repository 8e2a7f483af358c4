// Conv2D with EXPLICIT padding (asymmetric) and dilations, as the graph importer prints it.
func.func @main(%arg0: tensor<2x7x8x3xf32>, %arg1: tensor<3x2x3x4xf32>) -> tensor<2x6x9x4xf32> {
  %0 = "tf.Conv2D"(%arg0, %arg1) {T = f32, data_format = "NHWC", device = "", dilations = [1, 2, 2, 1], explicit_paddings = [0, 0, 1, 2, 2, 1, 0, 0], padding = "EXPLICIT", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<2x7x8x3xf32>, tensor<3x2x3x4xf32>) -> tensor<2x6x9x4xf32>
  %1 = "tf.Identity"(%0) {device = ""} : (tensor<2x6x9x4xf32>) -> tensor<2x6x9x4xf32>
  return %1 : tensor<2x6x9x4xf32>
}
