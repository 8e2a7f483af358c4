// Conv2D on f64 (SAME, stride 2) and on i32 (VALID, stride 1; exact, the sums wrap).
func.func @test(%arg0: tensor<?x?x?x?xf64>, %arg1: tensor<?x?x?x?xf64>, %arg2: tensor<?x?x?x?xi32>, %arg3: tensor<?x?x?x?xi32>) -> (tensor<?x?x?x?xf64>, tensor<?x?x?x?xi32>) {
  %0 = "tf.Conv2D"(%arg0, %arg1) {data_format = "NHWC", device = "", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<?x?x?x?xf64>, tensor<?x?x?x?xf64>) -> tensor<?x?x?x?xf64>
  %1 = "tf.Conv2D"(%arg2, %arg3) {data_format = "NHWC", device = "", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "VALID", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<?x?x?x?xi32>, tensor<?x?x?x?xi32>) -> tensor<?x?x?x?xi32>
  func.return %0, %1 : tensor<?x?x?x?xf64>, tensor<?x?x?x?xi32>
}
