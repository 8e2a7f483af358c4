// Conv2D, MaxPool and AvgPool3D with dynamic spatial dims (window geometry at run time).
// sweep: arg0=1x9x7x2 arg2=1x5x6x4x1
func.func @test(%arg0: tensor<?x?x?x2xf32>, %arg1: tensor<3x3x2x3xf32>, %arg2: tensor<?x?x?x?x1xf32>) -> (tensor<?x?x?x3xf32>, tensor<?x?x?x2xf32>, tensor<?x?x?x?x1xf32>) {
  %0 = "tf.Conv2D"(%arg0, %arg1) {T = f32, data_format = "NHWC", device = "", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 1, 1], use_cudnn_on_gpu = true} : (tensor<?x?x?x2xf32>, tensor<3x3x2x3xf32>) -> tensor<?x?x?x3xf32>
  %1 = "tf.MaxPool"(%arg0) {T = f32, data_format = "NHWC", device = "", explicit_paddings = [], ksize = [1, 3, 2, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<?x?x?x2xf32>) -> tensor<?x?x?x2xf32>
  %2 = "tf.AvgPool3D"(%arg2) {T = f32, data_format = "NDHWC", device = "", ksize = [1, 2, 3, 2, 1], padding = "SAME", strides = [1, 2, 2, 2, 1]} : (tensor<?x?x?x?x1xf32>) -> tensor<?x?x?x?x1xf32>
  func.return %0, %1, %2 : tensor<?x?x?x3xf32>, tensor<?x?x?x2xf32>, tensor<?x?x?x?x1xf32>
}
