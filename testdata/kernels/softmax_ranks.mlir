// sandjit-test: rtol=1e-5 atol=1e-6
// Softmax over the last axis of rank 1, 2 and 3 inputs; -Inf entries, NaN/+Inf rows, zero-size dims.
func.func @test(%V__0: tensor<?xf32> {python_test_attrs.static_type = tensor<13xf32>}, %V__1: tensor<?x?xf32> {python_test_attrs.static_type = tensor<7x13xf32>}, %V__2: tensor<?x?x?xf32> {python_test_attrs.static_type = tensor<2x3x5xf32>}) -> (tensor<?xf32>, tensor<?x?xf32>, tensor<?x?x?xf32>) {
  %0 = "tf.Softmax"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Softmax"(%V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "tf.Softmax"(%V__2) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  func.return %0, %1, %2 : tensor<?xf32>, tensor<?x?xf32>, tensor<?x?x?xf32>
}
