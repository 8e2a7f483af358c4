// DepthwiseConv2dNative VALID with stride 2 and dilation 1 on a dynamic batch.
// sweep: arg0=1x9x7x4
func.func @test(%arg0: tensor<?x9x7x4xf32>, %arg1: tensor<2x2x4x1xf32>) -> tensor<?x4x3x4xf32> {
  %0 = "tf.DepthwiseConv2dNative"(%arg0, %arg1) {data_format = "NHWC", device = "", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<?x9x7x4xf32>, tensor<2x2x4x1xf32>) -> tensor<?x4x3x4xf32>
  return %0 : tensor<?x4x3x4xf32>
}
