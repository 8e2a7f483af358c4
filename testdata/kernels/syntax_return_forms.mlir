// sandjit-test: rtol=1e-5 atol=1e-6
// The generic "func.return"(...) form; an argument returned as is; the same value returned twice.
func.func @test(%arg0: tensor<?x?xf32> {python_test_attrs.static_type = tensor<3x7xf32>}, %arg1: tensor<?x?xi32> {python_test_attrs.static_type = tensor<2x2xi32>}) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xi32>, tensor<?x?xf32>) {
  %0 = "tf.Cos"(%arg0) {device = "/job:localhost/replica:0/task:0/device:CPU:0"} : (tensor<?x?xf32>) -> tensor<?x?xf32>
  "func.return"(%0, %arg0, %arg1, %0) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x?xi32>, tensor<?x?xf32>) -> ()
}
