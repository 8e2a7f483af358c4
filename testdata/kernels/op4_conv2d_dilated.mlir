// Conv2D with dilations [1, 2, 2, 1] (SAME and VALID) and with unequal strides [1, 1, 2, 1], a 2x3 filter
// (non-square), odd spatial sizes.
func.func @test(%arg0: tensor<?x?x?x?xf32>, %arg1: tensor<2x3x?x?xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) {
  %0 = "tf.Conv2D"(%arg0, %arg1) {data_format = "NHWC", device = "", dilations = [1, 2, 2, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<?x?x?x?xf32>, tensor<2x3x?x?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "tf.Conv2D"(%arg0, %arg1) {data_format = "NHWC", device = "", dilations = [1, 2, 2, 1], explicit_paddings = [], padding = "VALID", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<?x?x?x?xf32>, tensor<2x3x?x?xf32>) -> tensor<?x?x?x?xf32>
  %2 = "tf.Conv2D"(%arg0, %arg1) {data_format = "NHWC", device = "", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 2, 1], use_cudnn_on_gpu = true} : (tensor<?x?x?x?xf32>, tensor<2x3x?x?xf32>) -> tensor<?x?x?x?xf32>
  func.return %0, %1, %2 : tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>
}
