// sandjit-test: rtol=1e-5 atol=1e-6
// Exp overflow/underflow on %x; Log and Log1p of 0, -0, negatives, denormals and Inf on %y.
func.func @test(%V__0: tensor<?xf32> {python_test_attrs.static_type = tensor<13xf32>}, %V__1: tensor<?xf32> {python_test_attrs.static_type = tensor<13xf32>}) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.Exp"(%V__0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.Log"(%V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "tf.Log1p"(%V__1) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?xf32>) -> tensor<?xf32>
  func.return %0, %1, %2 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}
